/** Spec section 7, the Portal calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const portalEndpoints: AnyEndpoint[] = [];
