/**
 * The Zahlung calls that start, report and describe payments: by amount, by card, in part, in cash,
 * their fees, the bank transfer's QR code, the payments booked, and a payment's status.
 */
import { z } from 'zod';
import { loadClaimInformation } from '../../../claims/information.ts';
import { bankAccounts } from '../../../payments/config.ts';
import { qrSvgDataUrl } from '../../../payments/codes.ts';
import { epcPayload } from '../../../payments/epc-qr.ts';
import { providerFee } from '../../../payments/fees.ts';
import { isMethodKey, type MethodKey } from '../../../payments/methods.ts';
import { instructionsFor } from '../../../payments/service/instructions.ts';
import { syncPayment, providerPageUrl } from '../../../payments/service/provider.ts';
import { paymentForFile } from '../../../payments/service/reads.ts';
import { transferReferenceText } from '../../../mail/templates.ts';
import { apiOk, defineEndpoint, problem, type AnyEndpoint, type ApiContext, type ApiResult } from '../../define.ts';
import {
  amountBody,
  isoDate,
  majorAmount,
  money,
  moneySchema,
  noFile,
  paymentSchema,
  paymentView,
  providerNotAvailable,
  idempotencyHeaders,
  startPaymentFor,
  variantOf,
  variantOffers,
} from '../payment-support.ts';
import { withFile } from './presenters.ts';

// ── Payments started by amount ─────────────────────────────────────────────────────────────

function payByAmount(name: string, method: MethodKey, summary: string): AnyEndpoint {
  return defineEndpoint({
    group: 'Zahlung',
    name,
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary,
    body: amountBody,
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ body }, ctx) => withFile(ctx, (file) => startPaymentFor(ctx, file, method, body.amount)),
  }) as unknown as AnyEndpoint;
}

// ── Fee lookups ────────────────────────────────────────────────────────────────────────────

const feeSchema = z.object({ paymentProvider: z.string(), amount: moneySchema, fee: moneySchema, total: moneySchema });

/** The spec's fee lookups: the call, the payment method and how the summary names it. */
const feeLookups: ReadonlyArray<readonly [name: string, method: MethodKey, what: string]> = [
  ['GetSofortGebuehr', '2', 'instant bank transfer (2)'],
  ['GetBarzahlenGebuehr', '5', 'cash with a barcode (5)'],
  ['GetPaypalGebuehr', '1', 'online wallet (1)'],
  ['GetSepaGebuehr', '3', 'SEPA direct debit (3)'],
  ['GetKreditkarteGebuehr', '4', 'card (4)'],
];

function feeLookup([name, method, what]: (typeof feeLookups)[number]): AnyEndpoint {
  return defineEndpoint({
    group: 'Zahlung',
    name,
    method: 'POST',
    auth: 'limited',
    cache: 'private15',
    summary: `The fee of paying an amount by ${what} (no surcharge where the law forbids one).`,
    body: amountBody,
    response: feeSchema,
    handler: ({ body }, ctx) =>
      withFile(ctx, (file) => {
        if (!variantOffers(file, method)) return providerNotAvailable(method);
        const variant = variantOf(file);
        const currency = file.facts.currency;
        const fee = providerFee(variant.id, method, body.amount);
        return apiOk({
          paymentProvider: method,
          amount: money(body.amount, currency),
          fee: money(fee, currency),
          total: money(body.amount + fee, currency),
        });
      }),
  }) as unknown as AnyEndpoint;
}
// ── QR code ────────────────────────────────────────────────────────────────────────────────

const qrSchema = z.object({
  payload: z.string(),
  svgDataUrl: z.string(),
  recipient: z.string(),
  iban: z.string(),
  bic: z.string(),
  remittance: z.string(),
  amount: moneySchema,
});

const statusSchema = paymentSchema;

export const paymentCalls = {
  CreateBetterPaymentRequest: defineEndpoint({
    group: 'Zahlung',
    name: 'CreateBetterPaymentRequest',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "The card page's report after the provider's form: the payment (transactionId = the portal's payment id) is asked at the provider, never booked on the client's word.",
    body: z.object({
      transactionId: z.string().trim().max(100),
      errorCode: z.union([z.string().max(100), z.number()]).nullish(),
      statusCode: z.union([z.string().max(100), z.number()]).nullish(),
      status: z.string().max(100).nullish(),
      clientAction: z.string().max(100).nullish(),
      amount: majorAmount.nullish(),
    }),
    response: statusSchema,
    handler: ({ body }, ctx) => paymentStatus(ctx, body.transactionId, ['4', '9']),
  }),
  CreatePartialPayment: defineEndpoint({
    group: 'Zahlung',
    name: 'CreatePartialPayment',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      'Pay a part of the open amount by a provider; an Idempotency-Key header makes a repeated call answer the same payment.',
    body: z.object({ paymentProvider: z.union([z.string().max(40), z.number().int()]), amount: majorAmount }),
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ body }, ctx) =>
      withFile(ctx, (file) => {
        const method = String(body.paymentProvider);
        if (!isMethodKey(method))
          return problem(400, 'invalid', {
            issues: [{ path: ['paymentProvider'], message: 'errors.methodRequired' }],
          });
        return startPaymentFor(ctx, file, method, body.amount, 'partial');
      }),
  }),
  GetZahlungen: defineEndpoint({
    group: 'Zahlung',
    name: 'GetZahlungen',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: 'The payments booked on the file (date, amount, turnover, balance), as the claim information shows them.',
    response: z.object({
      payments: z.array(
        z.object({
          bookedOn: isoDate,
          amount: moneySchema,
          turnover: z.enum(['payment', 'refund', 'correction']),
          balance: moneySchema,
        }),
      ),
    }),
    handler: (_input, ctx) =>
      withFile(ctx, async (file) => {
        const info = await loadClaimInformation(ctx.action.db, file.facts.fileId, file.today);
        if (!info) return noFile();
        return apiOk({
          payments: info.payments.map((p) => ({
            bookedOn: p.bookedOn,
            amount: money(p.amountMinor, info.currency),
            turnover: p.turnover,
            balance: money(p.balanceMinor, info.currency),
          })),
        });
      }),
  }),
  GetSofortHash: payByAmount(
    'GetSofortHash',
    '2',
    'Start an instant bank transfer (provider 2) of the amount; the answer names the provider page to go to.',
  ),
  GetBetterPaymentUrl: defineEndpoint({
    group: 'Zahlung',
    name: 'GetBetterPaymentUrl',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "Start a card payment (4; with isApplePay the mobile wallet, 9) of the amount; the answer is the provider's form.",
    body: z.object({
      amount: majorAmount,
      isApplePay: z.boolean().optional(),
      additionalInformation: z.union([z.string().max(500), z.record(z.string(), z.unknown())]).nullish(),
    }),
    headers: idempotencyHeaders,
    response: paymentSchema,
    handler: ({ body }, ctx) =>
      withFile(ctx, (file) => startPaymentFor(ctx, file, body.isApplePay ? '9' : '4', body.amount)),
  }),
  GetBarzahlenToken: defineEndpoint({
    group: 'Zahlung',
    name: 'GetBarzahlenToken',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Start a cash payment (5) of the amount: the payment slip number to pay at a shop, and until when.',
    body: amountBody,
    headers: idempotencyHeaders,
    response: paymentSchema.extend({ slipNumber: z.string(), validUntil: z.iso.datetime({ offset: true }) }),
    handler: ({ body }, ctx) =>
      withFile(ctx, async (file) => {
        const started = await startPaymentFor(ctx, file, '5', body.amount);
        if (!started.ok) return started;
        const payment = await paymentForFile(ctx.action.db, file.facts.fileId, started.value.paymentId);
        const slip = payment ? await instructionsFor(ctx.action.db, payment, file.facts) : null;
        if (!slip || slip.type !== 'cash') return problem(503, 'cashApi');
        return apiOk({ ...started.value, slipNumber: slip.slipNumber, validUntil: slip.validUntil });
      }),
  }),
  GetQrCodeData: defineEndpoint({
    group: 'Zahlung',
    name: 'GetQrCodeData',
    method: 'POST',
    auth: 'limited',
    cache: 'private15',
    summary:
      "The EPC QR code (GiroCode) of a bank transfer of the amount to the agency's account, with the file's reference.",
    body: amountBody,
    response: qrSchema,
    handler: ({ body }, ctx) =>
      withFile(ctx, async (file) => {
        const variant = variantOf(file);
        if (!variantOffers(file, '6')) return providerNotAvailable('6');
        const account = bankAccounts[variant.id];
        const remittance = transferReferenceText(ctx.action.locale, file.reference);
        const payload = epcPayload({
          recipient: account.recipient,
          iban: account.iban,
          bic: account.bic,
          amountMinor: body.amount,
          currency: file.facts.currency,
          remittance,
        });
        // The EPC code is for euro transfers; a franc transfer has the Swiss QR-bill of its payment page.
        if (!payload) return providerNotAvailable('epcQr');
        return apiOk({
          payload,
          svgDataUrl: await qrSvgDataUrl(payload),
          recipient: account.recipient,
          iban: account.iban,
          bic: account.bic,
          remittance,
          amount: money(body.amount, file.facts.currency),
        });
      }),
  }),
};

export const feeLookupCalls = feeLookups.map(feeLookup);

/**
 * A payment of the token's own file, brought up to date with the provider (never on the client's
 * word); another file's payment, or one of another method, is as unknown as a made-up id (404).
 */
export async function paymentStatus(
  ctx: ApiContext,
  paymentId: string,
  methodsOf: readonly MethodKey[] | null,
): Promise<ApiResult<z.input<typeof paymentSchema>>> {
  const session = ctx.action.session;
  if (!session) return problem(401, 'signIn');
  const found = await paymentForFile(ctx.action.db, session.fileId, paymentId.trim().toLowerCase());
  if (!found || (methodsOf && !methodsOf.includes(found.providerId as MethodKey)))
    return problem(404, 'paymentNotFound');
  const payment = await syncPayment(ctx.action.db, found);
  const url = payment.status === 'pending' ? providerPageUrl(ctx.action.db, payment) : null;
  return apiOk(paymentView(payment, url, false));
}
