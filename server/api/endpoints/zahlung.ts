/** Spec section 7, the Zahlung calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const zahlungEndpoints: AnyEndpoint[] = [];
