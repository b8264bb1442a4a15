/** Spec section 7, the Document calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const documentEndpoints: AnyEndpoint[] = [];
