/**
 * What the Zahlung and Country endpoints share (issue 17): the money shape of every answer, the
 * spec's `amount` (a number in the currency's major unit) read strictly into minor units with the
 * portal's one amount reader, the session's file, and starting a payment through the action layer
 * (`startPayment`: the same idempotency, guards and provider adapter as the pay-direct page).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fromAction, problem, problemFromAction, type ApiContext, type ApiResult } from '../define.ts';
import { runAction } from '../../actions/run.ts';
import { amountToPay } from '../../claims/rules.ts';
import { todayIso } from '../../claims/facts.ts';
import { loadFileContext, type FileContext } from '../../instalments/context.ts';
import { amountField } from '../../money/amount-input.ts';
import { methodKey, methods, type MethodKey } from '../../payments/methods.ts';
import { amountFor, purposeFromQuery, type PaymentPurpose } from '../../payments/purpose.ts';
import { type PaymentRow } from '../../payments/booking.ts';
import { type MethodOption } from '../../payments/service/options.ts';
import { providerPageUrl } from '../../payments/service/provider.ts';
import { paymentPagePath } from '../../payments/service/start.ts';
import { variants, type Variant, type VariantId } from '../../variants/config.ts';

export const currencySchema = z.enum(['EUR', 'CHF', 'SEK', 'NOK', 'USD']);

/** Money in every answer: integer minor units and the currency. */
export const moneySchema = z.object({ minor: z.number().int(), currency: currencySchema });
export type Money = z.input<typeof moneySchema>;

export function money(minor: number, currency: string): Money {
  return { minor, currency: currency as Money['currency'] };
}

export const isoDate = z.iso.date();

/**
 * The spec's `amount`: a number in the major unit (12.5), or the same figure as text where it comes
 * in a query or a multipart field ("12.5"). Read by the portal's amount reader: no NaN, no sign, at
 * most two decimals, at least 0.01; out come integer minor units.
 */
export const majorAmount = z
  .union([z.number(), z.string().trim().max(20)], { error: 'form.amount.required' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'form.amount.format' });
      return z.NEVER;
    }
    return text;
  })
  .pipe(
    amountField({
      locale: 'en-US',
      currency: 'EUR',
      minMinor: 1,
      // Bare keys (namespace `common`), as the API runtime looks field messages up.
      messages: {
        required: 'form.amount.required',
        format: 'form.amount.format',
        negative: 'form.amount.negative',
        decimals: 'form.amount.decimals',
        ambiguous: 'form.amount.ambiguous',
        tooLarge: 'form.amount.tooLarge',
        tooLow: 'form.amount.tooLow',
        tooHigh: 'form.amount.tooHigh',
      },
    }),
  );

export const amountBody = z.object({ amount: majorAmount });

/** A path or query id: positive integer. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The token's own file, loaded as the action layer loads it (file and debtor together). */
export async function fileOf(ctx: ApiContext): Promise<FileContext | null> {
  const session = ctx.action.session;
  if (!session) return null;
  return loadFileContext(ctx.action.db, session, todayIso(ctx.action.now));
}

export function variantOf(file: FileContext): Variant {
  return variants[file.variant as VariantId] ?? variants.de;
}

export const noFile = () => problem(404, 'noFile');

/** The variant of the file offers the method at all (a Swiss file has no Swish). */
export function variantOffers(file: FileContext, method: MethodKey): boolean {
  return variantOf(file).paymentProviders.map(methodKey).includes(method);
}

export const providerNotAvailable = (method: string) => problem(403, 'providerNotAvailable', { detail: { method } });

// ── Allowed methods ────────────────────────────────────────────────────────────────────────

export const methodOptionSchema = z.object({
  paymentProvider: z.string(),
  flow: z.enum(['redirect', 'embedded', 'instructions', 'mandate']),
  fee: moneySchema,
  feeRule: z
    .object({ percentBp: z.number().int(), fixedMinor: z.number().int(), minMinor: z.number().int() })
    .nullable(),
});

export function methodOptionView(option: MethodOption, currency: string): z.input<typeof methodOptionSchema> {
  return {
    paymentProvider: option.key,
    flow: option.flow,
    fee: money(option.feeMinor, currency),
    feeRule: option.feeRule,
  };
}

// ── Payments ───────────────────────────────────────────────────────────────────────────────

export const paymentSchema = z.object({
  paymentId: z.uuid(),
  paymentProvider: z.string(),
  purpose: z.enum(['openAmount', 'remainder', 'downPayment', 'instalment', 'deposit', 'specialOffer', 'partial']),
  status: z.enum(['created', 'pending', 'paid', 'failed', 'cancelled', 'expired']),
  amount: moneySchema,
  fee: moneySchema,
  /** Where the debtor goes next: the provider's page, or null for instructions shown by the portal. */
  url: z.string().nullable(),
  /** A repeated call with the same Idempotency-Key answered with the payment made the first time. */
  replayed: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PaymentView = z.input<typeof paymentSchema>;

export function paymentView(payment: PaymentRow, url: string | null, replayed: boolean): PaymentView {
  return {
    paymentId: payment.id,
    paymentProvider: payment.providerId,
    purpose: payment.purpose as PaymentView['purpose'],
    status: payment.status as PaymentView['status'],
    amount: money(payment.amountMinor, payment.currency),
    fee: money(payment.feeMinor, payment.currency),
    url,
    replayed,
    createdAt: payment.createdAt.toISOString(),
  };
}

const purposeOfKind: Record<string, PaymentPurpose> = {
  downPayment: 'downPayment',
  instalment: 'instalment',
  specialDeal: 'specialOffer',
  deposit: 'deposit',
};

/**
 * What an amount pays: the amount the file asks for now (section 9 priority) pays that, the whole
 * open amount pays the claim (the remainder with a plan), any other amount is a partial payment.
 */
export function purposeForAmount(file: FileContext, amountMinor: number | undefined): PaymentPurpose {
  const whole = purposeFromQuery(new URLSearchParams(), file.facts);
  if (amountMinor === undefined) return whole;
  const now = amountToPay(file.facts, file.today);
  const kind = purposeOfKind[now.kind];
  if (kind && now.amountMinor === amountMinor) return kind;
  if (amountFor(file.facts, whole, file.today) === amountMinor) return whole;
  return 'partial';
}

const idempotencyKeyPattern = /^[\x21-\x7e]{8,100}$/;

/** The request header of every call that starts a payment (startPaymentFor), declared on each. */
export const idempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .regex(idempotencyKeyPattern)
    .optional()
    .describe(
      '8 to 100 visible ASCII characters. A repeated call with the same key answers the payment made the first time (`replayed: true`) instead of starting another.',
    ),
});

/** The client's `Idempotency-Key` (a repeated call answers with the same payment), else a fresh key. */
export function idempotencyKeyOf(request: Request): string | { invalid: true } {
  const key = request.headers.get('Idempotency-Key');
  if (key === null) return randomUUID();
  return idempotencyKeyPattern.test(key) ? key : { invalid: true };
}

/**
 * Starts a payment by `method` through the action layer (startPayment): the file's guards, the
 * methods it allows, no double booking (the file's lock, the idempotency key), the provider
 * adapter (the sandbox in the demo). `amountMinor` undefined pays what the purpose asks.
 */
export async function startPaymentFor(
  ctx: ApiContext,
  file: FileContext,
  method: MethodKey,
  amountMinor: number | undefined,
  purpose: PaymentPurpose = purposeForAmount(file, amountMinor),
): Promise<ApiResult<PaymentView>> {
  const key = idempotencyKeyOf(ctx.request);
  if (typeof key !== 'string')
    return problem(400, 'invalid', { issues: [{ path: ['Idempotency-Key'], message: 'errors.invalid' }] });
  if (!variantOffers(file, method)) return providerNotAvailable(method);
  const result = await runAction('startPayment', ctx.action, {
    purpose,
    method,
    amountMinor: purpose === 'partial' ? amountMinor : undefined,
    idempotencyKey: key,
  });
  if (!result.ok) return problemFromAction(result);
  const { payment, replayed, next } = result.value;
  return fromAction({ ok: true, value: paymentView(payment, nextUrl(ctx, file, payment, next), replayed) });
}

/**
 * Where the debtor goes next: the provider's page (redirect), the provider's card form for the
 * iframe (embedded), or the portal's own payment page with the transfer details or the cash slip.
 */
function nextUrl(
  ctx: ApiContext,
  file: FileContext,
  payment: PaymentRow,
  next: { kind: 'redirect'; url: string } | { kind: 'page' },
): string | null {
  if (next.kind === 'redirect') return next.url;
  const method = payment.providerId as MethodKey;
  if (methods[method]?.flow === 'embedded') return providerPageUrl(ctx.action.db, payment);
  return paymentPagePath(variantOf(file), payment.id);
}

/** Whether a method's payment is paid at a provider's page (not a mandate, not instructions). */
export const isOnline = (method: MethodKey) =>
  methods[method].flow === 'redirect' || methods[method].flow === 'embedded';
