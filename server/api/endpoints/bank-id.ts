/** Spec section 7, the BankId calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const bankIdEndpoints: AnyEndpoint[] = [];
