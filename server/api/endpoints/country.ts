/** Spec section 7, the Country calls (issue 17). */
import type { AnyEndpoint } from '../define.ts';

export const countryEndpoints: AnyEndpoint[] = [];
