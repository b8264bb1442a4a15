/** Spec section 7, the ebbot calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const ebbotEndpoints: AnyEndpoint[] = [];
