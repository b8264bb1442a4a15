/** Spec section 7, the Account calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const accountEndpoints: AnyEndpoint[] = [];
