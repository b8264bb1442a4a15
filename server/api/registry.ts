/**
 * Every call of spec section 7 that the API serves, by group (issue 17). The runtime dispatches
 * over this list and the OpenAPI document is generated from it; the contract test mirrors the
 * spec's list against it, so a missing endpoint fails.
 */
import type { AnyEndpoint } from './define.ts';
import { accountEndpoints } from './endpoints/account.ts';
import { bankIdEndpoints } from './endpoints/bank-id.ts';
import { countryEndpoints } from './endpoints/country.ts';
import { documentEndpoints } from './endpoints/document.ts';
import { ebbotEndpoints } from './endpoints/ebbot.ts';
import { forderungEndpoints } from './endpoints/forderung.ts';
import { hardshipEndpoints } from './endpoints/hardship.ts';
import { portalEndpoints } from './endpoints/portal.ts';
import { zahlungEndpoints } from './endpoints/zahlung.ts';

export const endpoints: readonly AnyEndpoint[] = [
  ...accountEndpoints,
  ...bankIdEndpoints,
  ...ebbotEndpoints,
  ...forderungEndpoints,
  ...zahlungEndpoints,
  ...countryEndpoints,
  ...portalEndpoints,
  ...documentEndpoints,
  // Beyond spec section 7: the hardship view and breathing space (issue 26, item 3).
  ...hardshipEndpoints,
];
