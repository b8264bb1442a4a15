/** The Account calls that list the debtor's other files (by the token, by the personal number). */
import { formatReference } from '../../../auth/reference.ts';
import { z } from 'zod';
import { listDebtorCases } from '../../../claims/cases.ts';
import { type ApiContext, apiOk, defineEndpoint, problem } from '../../define.ts';
import { tokenSession } from './password.ts';

const casesResponse = z.array(
  z.object({
    fileId: z.number().int(),
    reference: z.string(),
    variant: z.string(),
    creditor: z.string(),
    claimSubject: z.string(),
    open: z.object({ minor: z.number().int(), currency: z.string() }),
    statusCode: z.number().int(),
    current: z.boolean().describe('The file this token is signed in to.'),
    available: z.boolean().describe('False while a measure is running: listed, but it cannot be opened.'),
  }),
);

async function casesOf(ctx: ApiContext) {
  const cases = await listDebtorCases(ctx.action.db, ctx.session!);
  return cases.map((c) => ({
    fileId: c.fileId,
    reference: formatReference(c.refno, c.subcase),
    variant: c.variant,
    creditor: c.creditor,
    claimSubject: c.claimSubject.text,
    open: { minor: c.totalMinor, currency: c.currency },
    statusCode: Number(c.statusCode),
    current: c.current,
    available: c.available,
  }));
}

export const getCasesForDebtor = defineEndpoint({
  group: 'Account',
  name: 'GetCasesForDebtor',
  method: 'GET',
  auth: 'limited',
  cache: 'private15',
  summary:
    "The debtor's files as the claims list shows them: all of them for a full token, the subcases of the reference number given for a limited one.",
  response: casesResponse,
  handler: async (_input, ctx) => apiOk(await casesOf(ctx)),
});

export const getCasesforPersonalNumber = defineEndpoint({
  group: 'Account',
  name: 'GetCasesforPersonalNumber',
  method: 'GET',
  auth: 'full',
  cache: 'private15',
  summary:
    'The files of the person a bank-identity sign-in identified (the debtor whose personal number matched). Only for a token of a bank-identity sign-in; other tokens get 403 `notBankIdSession`.',
  response: casesResponse,
  handler: async (_input, ctx) => {
    const session = await tokenSession(ctx);
    if (session?.loginType !== 'bankId') return problem(403, 'notBankIdSession');
    return apiOk(await casesOf(ctx));
  },
});
