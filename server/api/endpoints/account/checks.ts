/** The Account calls that compare what the client typed with what the file holds (postal code, IBAN, postal code and city), answering only yes or no. */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { lockState } from '../../../auth/attempts.ts';
import { todayIso } from '../../../claims/facts.ts';
import { checkMandateIdentity } from '../../../instalments/mandate.ts';
import { loadFileContext } from '../../../instalments/context.ts';
import { zipMatchesCity } from '../../../profile/zip-city.ts';
import { apiOk, defineEndpoint, problem } from '../../define.ts';

export const isPlzEqualToDb = defineEndpoint({
  group: 'Account',
  name: 'IsPlzEqualToDb',
  method: 'GET',
  path: '/api/Account/IsPlzEqualToDb/{zip}',
  auth: 'limited',
  cache: 'none',
  summary:
    "The identity check before a SEPA mandate (spec 5): whether the postal code matches the file. A wrong one counts against the reference number's sign-in attempts (shared with the web form); past the limit 429. `passwordRequired` says the password must be confirmed instead.",
  params: z.object({ zip: z.string().min(1).max(10) }),
  response: z.object({ equal: z.boolean(), passwordRequired: z.boolean() }),
  handler: async ({ params }, ctx) => {
    const { db } = ctx.action;
    const check = await checkMandateIdentity(
      db,
      ctx.session!,
      { postalCode: params.zip },
      { clientAddress: ctx.action.clientKey, language: ctx.language, now: ctx.action.now },
    );
    if (check.ok) return apiOk({ equal: true, passwordRequired: false });
    if (check.error === 'attemptsExceeded') {
      const file = await loadFileContext(db, ctx.session!, todayIso(ctx.action.now));
      const state = await lockState(db, { client: ctx.action.clientKey, reference: file?.facts.refno }, ctx.action.now);
      return problem(429, 'attemptsExceeded', { retryAfterSeconds: state.locked ? state.retryAfterSeconds : 60 });
    }
    return apiOk({ equal: false, passwordRequired: check.error === 'passwordRequired' });
  },
});

export const isIbanEqualToDb = defineEndpoint({
  group: 'Account',
  name: 'IsIbanEqualToDB',
  method: 'GET',
  path: '/api/Account/IsIbanEqualToDB/{iban}',
  auth: 'full',
  cache: 'none',
  summary:
    'Whether an IBAN (spaces allowed) is valid and the one stored for the debtor (ibantools). Full sign-in only, so that the call is no oracle for a reference number alone.',
  params: z.object({ iban: z.string().min(1).max(64) }),
  response: z.object({ valid: z.boolean(), equal: z.boolean() }),
  handler: async ({ params }, ctx) => {
    const file = await loadFileContext(ctx.action.db, ctx.session!, todayIso(ctx.action.now));
    if (!file) return problem(404, 'noFile');
    const given = electronicFormatIBAN(params.iban) ?? '';
    const stored = file.debtor.iban ? (electronicFormatIBAN(file.debtor.iban) ?? '') : '';
    const valid = isValidIBAN(given);
    return apiOk({ valid, equal: valid && stored !== '' && given === stored });
  },
});

export const postalCodeMatchesLocation = defineEndpoint({
  group: 'Account',
  name: 'PostalCodeMatchesLocation',
  method: 'GET',
  path: '/api/Account/PostalCodeMatchesLocation/{zip}/{city}',
  auth: 'none',
  cache: 'public15',
  summary:
    "Whether a German postal code and a town go together (the profile form's check, server/profile/zip-city.ts); `skipped` for other countries and incomplete input. `country` in the query, DE when absent.",
  params: z.object({ zip: z.string().max(10), city: z.string().max(85) }),
  query: z.object({ country: z.string().length(2).toUpperCase().optional() }),
  response: z.object({ verdict: z.enum(['match', 'mismatch', 'skipped']), matches: z.boolean() }),
  handler: async ({ params, query }) => {
    const verdict = zipMatchesCity({ country: query.country ?? 'DE', zipCode: params.zip, city: params.city });
    return apiOk({ verdict, matches: verdict !== 'mismatch' });
  },
});
