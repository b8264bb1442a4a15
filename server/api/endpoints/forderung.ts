/** Spec section 7, the Forderung calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const forderungEndpoints: AnyEndpoint[] = [];
