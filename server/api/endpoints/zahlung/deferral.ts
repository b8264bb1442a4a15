/** The Zahlung calls of pay later (a deferral): its parameters and granting it. */
import { z } from 'zod';
import { checkAction, runAction } from '../../../actions/run.ts';
import { addDays } from '../../../instalments/dates.ts';
import { noticeForDate } from '../../../instalments/plan.ts';
import { deferralMethods } from '../../../instalments/options.ts';
import { deferralOffer } from '../../../instalments/deferral.ts';
import { apiOk, defineEndpoint, fromAction, problem, problemFromAction, type ApiContext } from '../../define.ts';
import { fileOf, isoDate, money, moneySchema, noFile } from '../payment-support.ts';
import { isEligibilityAnswer, withFile } from './presenters.ts';
import { offeredMethods } from '../../../instalments/context.ts';

const deferralSchema = z.object({
  deferralId: z.number().int(),
  payBy: isoDate,
  fee: moneySchema,
  vat: moneySchema,
  paymentProvider: z.enum(deferralMethods),
  mandateReference: z.string().nullable(),
});

/**
 * Not in the spec's payload: a fee of pay later is agreed explicitly (`feeAgreed: true`, after
 * GetZahlungsankuendigungParameter named it), as the page's agreement step asks; without it a
 * deferral that carries a fee is refused with `feeNotAgreed`.
 */
const feeAgreed = z.boolean().optional();

async function grant(ctx: ApiContext, noticeDays: number, method: string, agreed: boolean | undefined) {
  const file = await fileOf(ctx);
  if (!file) return noFile();
  const result = await runAction('grantDeferral', ctx.action, { noticeDays, method, feeAgreed: agreed ?? false });
  const currency = file.facts.currency;
  return fromAction(result, (v) => ({
    deferralId: v.deferralId,
    payBy: v.payBy,
    fee: money(v.feeMinor, currency),
    vat: money(v.vatMinor, currency),
    paymentProvider: v.method,
    mandateReference: v.mandateReference,
  }));
}

export const deferralCalls = {
  CreateZahlungsankuendigung: defineEndpoint({
    group: 'Zahlung',
    name: 'CreateZahlungsankuendigung',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      'Pay later: a deferral to the offered notice period that reaches LatestPaymentDate, by transfer (6); once per file. Its fee, if any, is agreed with the call.',
    body: z.object({
      LatestPaymentDate: isoDate,
      paymentMethod: z.union([z.enum(deferralMethods), z.literal(6), z.literal(3)]),
      feeAgreed,
    }),
    response: deferralSchema,
    handler: ({ body }, ctx) =>
      withFile(ctx, (file) => {
        const options = file.rules.deferralNoticeDays.map((days) => ({ days, payBy: addDays(file.today, days) }));
        const days = noticeForDate(options, body.LatestPaymentDate);
        if (days === null)
          return problem(400, 'invalid', {
            issues: [{ path: ['LatestPaymentDate'], message: 'errors.noticeInvalid' }],
          });
        return grant(ctx, days, String(body.paymentMethod), body.feeAgreed);
      }),
  }),
  GetZahlungsankuendigungParameter: defineEndpoint({
    group: 'Zahlung',
    name: 'GetZahlungsankuendigungParameter',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'Pay later: whether it is offered, the notice periods with their dates, the fee and the methods.',
    response: z.object({
      eligibility: z.enum(['allowed', 'alreadyGranted', 'notPossible']),
      payBy: isoDate.nullable(),
      options: z.array(z.object({ days: z.number().int(), payBy: isoDate, fee: moneySchema, vat: moneySchema })),
      paymentMethods: z.array(z.enum(deferralMethods)),
    }),
    handler: (_input, ctx) =>
      withFile(ctx, async (file) => {
        // A file rule (a measure, the SEPA guard) refuses; "already granted" or "not possible" is the answer itself.
        const check = await checkAction('grantDeferral', ctx.action);
        if (check && !isEligibilityAnswer(check)) return problemFromAction(check);
        const offer = deferralOffer(file);
        const c = file.facts.currency;
        return apiOk({
          eligibility: offer.eligibility.kind,
          payBy: offer.eligibility.kind === 'alreadyGranted' ? offer.eligibility.payBy : null,
          options: offer.noticeDays.map((days) => {
            const terms = deferralOffer(file, days).terms;
            return { days, payBy: terms.payBy, fee: money(terms.feeMinor, c), vat: money(terms.vatMinor, c) };
          }),
          paymentMethods: offeredMethods(deferralMethods, file, 'extension'),
        });
      }),
  }),
  SetPaymentDate: defineEndpoint({
    group: 'Zahlung',
    name: 'SetPaymentDate',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: "Pay later with the variant's standard notice period (30 days), paid by transfer (6); once per file.",
    body: z.object({ paymentProvider: z.union([z.enum(deferralMethods), z.literal(6), z.literal(3)]), feeAgreed }),
    response: deferralSchema,
    handler: ({ body }, ctx) =>
      withFile(ctx, (file) =>
        grant(ctx, file.rules.deferralNoticeDays[0] ?? 30, String(body.paymentProvider), body.feeAgreed),
      ),
  }),
};
