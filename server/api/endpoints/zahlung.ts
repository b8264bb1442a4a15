/**
 * Spec section 7, the Zahlung calls (issue 17). Every payment starts through the action layer's
 * `startPayment` (payment-support.ts), every agreement through its action (skipInstalment,
 * grantDeferral, announcePayment); reads use the functions the checkout and instalment pages use.
 * Amounts in requests are the spec's major-unit numbers, answers carry `{ minor, currency }`.
 *
 * Honest answers where the portal has no such function: the wallet vault (provider 8) keeps no
 * tokens here, so nothing exists, nothing can be read, created, confirmed or deleted (see each call).
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { checkAction, runAction } from '../../actions/run.ts';
import { loadClaimInformation } from '../../claims/information.ts';
import * as t from '../../db/schema.ts';
import { addDays } from '../../instalments/dates.ts';
import { noticeForDate } from '../../instalments/plan.ts';
import { deferralMethods, planMethods } from '../../instalments/options.ts';
import { checkSepaIban } from '../../instalments/sepa.ts';
import { deferralOffer, loadPlan, planOffer, quotePlan, sepaOf } from '../../instalments/service.ts';
import { minorToInput } from '../../money/amount-input.ts';
import { bankAccounts } from '../../payments/config.ts';
import { qrSvgDataUrl } from '../../payments/codes.ts';
import { epcPayload } from '../../payments/epc-qr.ts';
import { providerFee } from '../../payments/fees.ts';
import { isMethodKey, type MethodKey } from '../../payments/methods.ts';
import {
  checkoutOptionsFor,
  instructionsFor,
  methodOptionsFor,
  paymentForFile,
  syncPayment,
  providerPageUrl,
} from '../../payments/service.ts';
import { transferReferenceText } from '../../mail/templates.ts';
import { announceReading } from '../../payments-announced/announce.ts';
import { receiveFile, freshBudget } from '../../uploads/receive.ts';
import {
  apiOk,
  defineEndpoint,
  fromAction,
  problem,
  problemFromAction,
  type AnyEndpoint,
  type ApiContext,
  type ApiResult,
} from '../define.ts';
import {
  amountBody,
  fileOf,
  idParam,
  isoDate,
  majorAmount,
  methodOptionSchema,
  methodOptionView,
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
} from './payment-support.ts';
import type { FileContext } from '../../instalments/service.ts';
import type { PaymentPurpose } from '../../payments/purpose.ts';
import type { AllowedPurpose } from '../../payments/allowed-methods.ts';
import type { ActionFailure, InputIssue } from '../../actions/define.ts';
import { fileRuleReasons } from '../../actions/rules.ts';

// ── Allowed payment methods ────────────────────────────────────────────────────────────────

const allowedMethodsSchema = z.object({
  purpose: z.enum(['normal', 'instalmentPlan', 'instalments', 'specialDeal', 'partialPayment', 'extension']),
  /** What the file pays for this purpose now (for `partialPayment` the most it may pay; for `instalmentPlan` the regular minimum rate). */
  amount: moneySchema,
  methods: z.array(methodOptionSchema),
});
type AllowedMethods = z.input<typeof allowedMethodsSchema>;

/** The pay-direct page's list for a payment purpose (its guards: 403 with the guard's reason). */
function payNowMethods(file: FileContext, purpose: PaymentPurpose, as: AllowedPurpose): ApiResult<AllowedMethods> {
  const options = checkoutOptionsFor(file.facts, variantOf(file), purpose, file.today);
  if (!options.ok) return problem(403, options.error === 'guard' ? options.decision.reason : 'nothingToPay');
  return apiOk({
    purpose: as,
    amount: money(options.amountMinor, options.currency),
    methods: options.methods.map((m) => methodOptionView(m, options.currency)),
  });
}

/** The methods of an agreement (plan, extension) for an amount, after the agreement's own action check. */
function agreementMethods(file: FileContext, as: AllowedPurpose, amountMinor: number): AllowedMethods {
  const currency = file.facts.currency;
  return {
    purpose: as,
    amount: money(amountMinor, currency),
    methods: methodOptionsFor(file.facts, variantOf(file), as, amountMinor).map((m) => methodOptionView(m, currency)),
  };
}

async function withFile<V>(ctx: ApiContext, run: (file: FileContext) => Promise<ApiResult<V>> | ApiResult<V>) {
  const file = await fileOf(ctx);
  return file ? run(file) : noFile();
}

const allowed = (
  name: string,
  summary: string,
  run: (file: FileContext, ctx: ApiContext) => Promise<ApiResult<AllowedMethods>> | ApiResult<AllowedMethods>,
) =>
  defineEndpoint({
    group: 'Zahlung',
    name,
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary,
    response: allowedMethodsSchema,
    handler: (_input, ctx) => withFile(ctx, (file) => run(file, ctx)),
  });

const ownRow = async (ctx: ApiContext, table: typeof t.instalmentPlans | typeof t.specialOffers, id: number) => {
  const [row] = await ctx.action.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.fileId, ctx.action.session!.fileId)));
  return row ?? null;
};

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

// ── Announce a payment already made (multipart) ────────────────────────────────────────────

const text = (max: number) => z.string().trim().max(max).optional();
const announceBody = z.object({
  paymentDate: z.string().trim().max(20),
  paymentAmount: majorAmount,
  paymentFrom: z.string().trim().max(200),
  ibanFrom: text(64),
  bicFrom: text(20),
  paymentTo: text(200),
  ibanTo: text(64),
  bicTo: text(20),
  paymentReason: text(300),
});

/** The action's field names back to the spec's. */
const announceFields: Record<string, string> = {
  paidOn: 'paymentDate',
  amount: 'paymentAmount',
  payerName: 'paymentFrom',
  payerIban: 'ibanFrom',
  payerBic: 'bicFrom',
  payeeName: 'paymentTo',
  payeeIban: 'ibanTo',
  payeeBic: 'bicTo',
  reference: 'paymentReason',
  uploadId: 'attachments',
};

function announce(name: string, payee: 'agency' | 'creditor', summary: string): AnyEndpoint {
  return defineEndpoint({
    group: 'Zahlung',
    name,
    method: 'POST',
    auth: 'full',
    cache: 'none',
    summary,
    bodyType: 'multipart',
    body: announceBody,
    response: z.object({ announcementId: z.number().int(), attachments: z.number().int() }),
    handler: ({ body, files }, ctx) =>
      withFile(ctx, async (file) => {
        // The pre-check of the action (level, file rules) before any file is stored.
        const check = await checkAction('announcePayment', ctx.action);
        if (check) return problemFromAction(check);
        const receipts = files.filter((f) => f.field === 'attachments');
        if (receipts.length === 0)
          return problem(400, 'invalid', {
            issues: [{ path: ['attachments'], message: 'errors.receiptRequired' }],
          });
        const budget = freshBudget();
        const uploadIds: number[] = [];
        for (const receipt of receipts) {
          const stored = await receiveFile(ctx.action.db, {
            fileId: file.facts.fileId,
            context: 'announcedPayment',
            filename: receipt.filename,
            data: (async function* () {
              yield receipt.bytes;
            })(),
            budget,
          });
          if (!stored.ok)
            return problem(400, 'invalid', {
              issues: [
                {
                  path: ['attachments'],
                  message:
                    stored.refused.problem === 'tooLarge'
                      ? 'errors.fileTooLarge'
                      : `problems.${stored.refused.problem}`,
                },
              ],
              detail: { file: stored.refused.name },
            });
          uploadIds.push(stored.upload.id);
        }
        // The action reads the amount as the debtor's page shows it: hand it the figure in that form.
        const reading = announceReading(file.variant, file.facts.currency, ctx.action.locale);
        const result = await runAction('announcePayment', ctx.action, {
          payee,
          paidOn: body.paymentDate,
          amount: minorToInput(body.paymentAmount, reading.locale, file.facts.currency),
          payerName: body.paymentFrom,
          payerIban: body.ibanFrom,
          payerBic: body.bicFrom,
          payeeName: body.paymentTo,
          payeeIban: body.ibanTo,
          payeeBic: body.bicTo,
          reference: body.paymentReason,
          uploadId: uploadIds,
        });
        if (!result.ok && result.kind === 'invalid')
          return problem(400, 'invalid', {
            issues: result.issues.map((issue): InputIssue => ({
              path: issue.path.map((p, i) => (i === 0 ? (announceFields[String(p)] ?? p) : p)),
              message: issue.message,
            })),
          });
        return fromAction(result, (v) => ({ announcementId: v.id, attachments: uploadIds.length }));
      }),
  }) as unknown as AnyEndpoint;
}

// ── Wallet vault (provider 8) ──────────────────────────────────────────────────────────────

/**
 * The portal keeps no wallet vault tokens (no provider for it is connected): none exists, none can
 * be read, confirmed or deleted (404), and none can be created (403 provider not available).
 */
const vaultTokenBody = z.object({ token: z.string().trim().min(1).max(200) });
const vaultTokenNotFound = () => problem(404, 'vaultTokenNotFound');

interface VaultCall {
  name: string;
  method: 'GET' | 'POST';
  summary: string;
  body?: typeof vaultTokenBody;
  response: z.ZodObject;
  answer: () => ApiResult<Record<string, unknown>>;
}

const vaultCalls: VaultCall[] = [
  {
    name: 'ExistsPaypalVaultToken',
    method: 'GET',
    summary: 'Whether a stored wallet token (vault, provider 8) exists for the file: the portal stores none.',
    response: z.object({ exists: z.boolean() }),
    answer: () => apiOk({ exists: false }),
  },
  {
    name: 'GetPaypalVaultToken',
    method: 'GET',
    summary: 'The stored wallet token: none is stored by the portal (404).',
    response: z.object({ token: z.string() }),
    answer: vaultTokenNotFound,
  },
  {
    name: 'CreatePaypalVaultUrl',
    method: 'POST',
    summary: 'Store a wallet for the plan: no vault provider is connected (403 provider not available).',
    response: z.object({ url: z.string() }),
    answer: () => providerNotAvailable('8'),
  },
  {
    name: 'ConfirmPaypalVaultToken',
    method: 'POST',
    summary: 'Confirm a stored wallet token: the portal issued none (404).',
    body: vaultTokenBody,
    response: z.object({ confirmed: z.boolean() }),
    answer: vaultTokenNotFound,
  },
  {
    name: 'DeletePaypalVaultToken',
    method: 'POST',
    summary: 'Delete a stored wallet token: the portal stores none (404).',
    body: vaultTokenBody,
    response: z.object({ deleted: z.boolean() }),
    answer: vaultTokenNotFound,
  },
];

/** A vault call for a file: reads are cached like the file's other data, changes are not. */
function vaultCall({ name, method, summary, body, response, answer }: VaultCall): AnyEndpoint {
  return defineEndpoint({
    group: 'Zahlung',
    name,
    method,
    auth: 'limited',
    cache: method === 'GET' ? 'private15' : 'none',
    summary,
    ...(body && { body }),
    response,
    handler: (_input, ctx) => withFile(ctx, answer),
  }) as unknown as AnyEndpoint;
}

// ── Deferral (pay later) ───────────────────────────────────────────────────────────────────

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

// ── The plan ───────────────────────────────────────────────────────────────────────────────

const planSchema = z.object({
  planId: z.number().int(),
  status: z.enum(['pending', 'active', 'cancelled', 'completed']),
  residualClaim: moneySchema,
  instalmentFee: moneySchema,
  expenses: moneySchema,
  vat: moneySchema,
  total: moneySchema,
  monthlyAmount: moneySchema,
  numberOfInstalments: z.number().int(),
  firstDueDate: isoDate,
  paymentProvider: z.string().nullable(),
  isSepa: z.boolean(),
  rows: z.array(
    z.object({
      position: z.number().int(),
      dueDate: isoDate,
      amount: moneySchema,
      claim: moneySchema,
      remaining: moneySchema,
      isFinal: z.boolean(),
      paid: z.boolean(),
      skipped: z.boolean(),
    }),
  ),
});

const rowSchema = z.object({ position: z.number().int(), dueDate: isoDate, amount: moneySchema });

const eligibilitySchema = z.object({
  kind: z.enum(['allowed', 'downPaymentFirst', 'depositFirst', 'continuePending', 'awaitingProof', 'refused']),
  /** The instalment error code of spec 8 when refused (1 … 6, "api", "default"). */
  errorCode: z.union([z.number().int(), z.string()]).nullable(),
  amount: moneySchema.nullable(),
});

function eligibilityView(file: FileContext) {
  const e = planOffer(file).eligibility;
  const currency = file.facts.currency;
  return {
    kind: e.kind,
    errorCode: e.kind === 'refused' ? e.code : e.kind === 'depositFirst' ? 5 : null,
    amount: 'amountMinor' in e ? money(e.amountMinor, currency) : null,
  };
}

/**
 * A refusal of the action's offer (not of its file rules): the parameter calls answer it as the
 * eligibility instead of refusing, as the pages show it.
 */
function isEligibilityAnswer(failure: ActionFailure): boolean {
  return (
    failure.kind === 'refused' &&
    !(fileRuleReasons as readonly string[]).includes(failure.reason) &&
    failure.reason !== 'noFile'
  );
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

// ── The calls ──────────────────────────────────────────────────────────────────────────────

const statusSchema = paymentSchema;

export const zahlungEndpoints: AnyEndpoint[] = [
  defineEndpoint({
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
  announce(
    'announcePastPaymentToCoeo',
    'agency',
    'Announce a payment already made to the agency, with receipts (multipart).',
  ),
  announce(
    'announcePastPaymentToClient',
    'creditor',
    'Announce a payment already made to the creditor, with receipts (multipart).',
  ),
  defineEndpoint({
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
  defineEndpoint({
    group: 'Zahlung',
    name: 'ExistsRatenzahlung',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'Whether the file has an instalment plan (active, or pending its down payment or proof).',
    response: z.object({
      exists: z.boolean(),
      status: z.enum(['pending', 'active', 'cancelled', 'completed']).nullable(),
    }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        const status = file.facts.plan?.status ?? null;
        return apiOk({ exists: status === 'active' || status === 'pending', status });
      }),
  }),
  defineEndpoint({
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
  allowed(
    'GetAllowedPaymentMethods',
    'The methods the file may pay with now (the open amount, or the remainder of a plan), with fees.',
    (file) => payNowMethods(file, file.facts.plan?.status === 'active' ? 'remainder' : 'openAmount', 'normal'),
  ),
  allowed(
    'GetAllowedPaymentMethodsForRZV',
    "The methods that may collect an instalment plan's rates.",
    async (file, ctx) => {
      const check = await checkAction('agreePlan', ctx.action);
      if (check) return problemFromAction(check);
      return apiOk(agreementMethods(file, 'instalmentPlan', planOffer(file).limits.regularMinMinor));
    },
  ),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetAllowedPaymentMethodsForInstallments',
    path: '/api/Zahlung/GetAllowedPaymentMethodsForInstallments/{id}',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "The methods to pay the plan's current instalment now; id = the file's plan (another file's plan is 404).",
    params: idParam,
    response: allowedMethodsSchema,
    handler: ({ params }, ctx) =>
      withFile(ctx, async (file) => {
        if (!(await ownRow(ctx, t.instalmentPlans, params.id))) return problem(404, 'planNotFound');
        return payNowMethods(file, 'instalment', 'instalments');
      }),
  }),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetAllowedPaymentMethodsForSpecialDeal',
    path: '/api/Zahlung/GetAllowedPaymentMethodsForSpecialDeal/{id}',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "The methods to pay the file's special offer; id = the offer (another file's offer is 404).",
    params: idParam,
    response: allowedMethodsSchema,
    handler: ({ params }, ctx) =>
      withFile(ctx, async (file) => {
        if (!(await ownRow(ctx, t.specialOffers, params.id))) return problem(404, 'offerNotFound');
        return payNowMethods(file, 'specialOffer', 'specialDeal');
      }),
  }),
  allowed(
    'GetAllowedPaymentMethodsForPartialPayment',
    'The methods for a partial payment (amount: the most that may be paid).',
    (file) => payNowMethods(file, 'partial', 'partialPayment'),
  ),
  allowed(
    'GetAllowedPaymentMethodsForExtension',
    'The methods of pay later (an extension), for the amount due then.',
    async (file, ctx) => {
      const check = await checkAction('grantDeferral', ctx.action);
      if (check) return problemFromAction(check);
      const terms = deferralOffer(file).terms;
      return apiOk(agreementMethods(file, 'extension', terms.totalMinor));
    },
  ),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetRatenzahlungParameters',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      "What an instalment plan would cost and the limits of its rate and first date (the plan page's first step).",
    response: z.object({
      eligibility: eligibilitySchema,
      residualClaim: moneySchema,
      instalmentFee: moneySchema,
      expenses: moneySchema,
      vat: moneySchema,
      total: moneySchema,
      minimumRate: moneySchema,
      minimumRateWithoutProof: moneySchema,
      maximumRate: moneySchema,
      exampleRate: moneySchema,
      firstDateEarliest: isoDate,
      firstDateLatest: isoDate,
      paymentMethods: z.array(z.enum(planMethods)),
    }),
    handler: (_input, ctx) =>
      withFile(ctx, async (file) => {
        // Only the file rules (a measure, the state guards) refuse here; the eligibility is part of the answer.
        const check = await checkAction('agreePlan', ctx.action);
        if (check && !isEligibilityAnswer(check)) return problemFromAction(check);
        const offer = planOffer(file);
        const c = offer.currency;
        return apiOk({
          eligibility: eligibilityView(file),
          residualClaim: money(offer.costs.residualClaimMinor, c),
          instalmentFee: money(offer.costs.feeMinor, c),
          expenses: money(offer.costs.expensesMinor, c),
          vat: money(offer.costs.vatMinor, c),
          total: money(offer.costs.totalMinor, c),
          minimumRate: money(offer.limits.absoluteMinMinor, c),
          minimumRateWithoutProof: money(offer.limits.regularMinMinor, c),
          maximumRate: money(offer.limits.maxMinor, c),
          exampleRate: money(offer.limits.exampleMinor, c),
          firstDateEarliest: offer.firstDue.earliest,
          firstDateLatest: offer.firstDue.latest,
          paymentMethods: planMethods.filter((m) => m !== '3' || sepaOf(file.variant) !== null),
        });
      }),
  }),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetRatenzahlungOverview',
    method: 'POST',
    auth: 'limited',
    cache: 'private15',
    summary:
      'The overview and repayment plan for a monthly rate and first date, checked against the limits (nothing is agreed).',
    body: z.object({ monatlicheRatenhoehe: majorAmount, datumErsteRate: isoDate }),
    response: z.object({
      monatlicheRatenhoehe: moneySchema,
      datumErsteRate: isoDate,
      residualClaim: moneySchema,
      instalmentFee: moneySchema,
      expenses: moneySchema,
      vat: moneySchema,
      total: moneySchema,
      numberOfInstalments: z.number().int(),
      proofOfIncomeRequired: z.boolean(),
      rows: z.array(rowSchema.extend({ claim: moneySchema, remaining: moneySchema, isFinal: z.boolean() })),
    }),
    handler: ({ body }, ctx) =>
      withFile(ctx, async (file) => {
        const check = await checkAction('agreePlan', ctx.action);
        if (check) return problemFromAction(check);
        const quote = quotePlan(file, { monthlyMinor: body.monatlicheRatenhoehe, firstDueOn: body.datumErsteRate });
        if (!quote.ok) {
          if (quote.error === 'notAllowed') return problem(403, 'notAllowed');
          if (quote.error === 'dateOutOfRange')
            return problem(400, 'invalid', {
              issues: [{ path: ['datumErsteRate'], message: 'errors.dateOutOfRange' }],
            });
          // The limits in minor units beside the message (GetRatenzahlungParameters names them too).
          const limits = planOffer(file).limits;
          return problem(400, 'invalid', {
            issues: [
              {
                path: ['monatlicheRatenhoehe'],
                message: quote.error === 'tooLow' ? 'errors.rateTooLow' : 'errors.rateTooHigh',
              },
            ],
            detail: { minimumRateMinor: limits.absoluteMinMinor, maximumRateMinor: limits.maxMinor },
          });
        }
        const c = file.facts.currency;
        return apiOk({
          monatlicheRatenhoehe: money(quote.plan.monthlyMinor, c),
          datumErsteRate: quote.plan.firstDueOn,
          residualClaim: money(quote.costs.residualClaimMinor, c),
          instalmentFee: money(quote.costs.feeMinor, c),
          expenses: money(quote.costs.expensesMinor, c),
          vat: money(quote.costs.vatMinor, c),
          total: money(quote.costs.totalMinor, c),
          numberOfInstalments: quote.plan.instalmentCount,
          proofOfIncomeRequired: quote.proofRequired,
          rows: quote.plan.rows.map((r) => ({
            position: r.position,
            dueDate: r.dueOn,
            amount: money(r.amountMinor, c),
            claim: money(r.claimMinor, c),
            remaining: money(r.remainingMinor, c),
            isFinal: r.isFinal,
          })),
        });
      }),
  }),
  defineEndpoint({
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
  defineEndpoint({
    group: 'Zahlung',
    name: 'IsIbanValid',
    path: '/api/Zahlung/IsIbanValid/{iban}',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "Whether an IBAN is valid and of the country the file's direct debit accepts.",
    params: z.object({ iban: z.string().trim().min(1).max(64) }),
    response: z.object({
      valid: z.boolean(),
      reason: z.enum(['invalid', 'wrongCountry']).nullable(),
      acceptedCountry: z.string().nullable(),
    }),
    handler: ({ params }, ctx) =>
      withFile(ctx, (file) => {
        const country = sepaOf(file.variant)?.ibanCountry ?? null;
        const check = checkSepaIban(decodeURIComponent(params.iban), country ?? '');
        if (check.ok) return apiOk({ valid: true, reason: null, acceptedCountry: country });
        const reason = check.error === 'invalid' ? ('invalid' as const) : country ? ('wrongCountry' as const) : null;
        // Without direct debit in the variant any valid IBAN is valid.
        return apiOk({ valid: reason === null, reason, acceptedCountry: country });
      }),
  }),
  payByAmount(
    'GetSofortHash',
    '2',
    'Start an instant bank transfer (provider 2) of the amount; the answer names the provider page to go to.',
  ),
  defineEndpoint({
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
  ...feeLookups.map(feeLookup),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetSepaDate',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      'The dates a direct debit may first collect (the first rate), and the next collection of an active SEPA plan.',
    response: z.object({ earliest: isoDate, latest: isoDate, nextCollection: isoDate.nullable() }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        if (!sepaOf(file.variant)) return providerNotAvailable('3');
        const offer = planOffer(file);
        const plan = file.facts.plan;
        return apiOk({
          earliest: offer.firstDue.earliest,
          latest: offer.firstDue.latest,
          nextCollection: plan?.status === 'active' && plan.isSepa ? (plan.next?.dueOn ?? null) : null,
        });
      }),
  }),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetRate',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "The active plan's next instalment and monthly rate (null without an active plan).",
    response: z.object({ monthlyAmount: moneySchema.nullable(), next: rowSchema.nullable(), overdue: z.boolean() }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        const plan = file.facts.plan?.status === 'active' ? file.facts.plan : null;
        const c = file.facts.currency;
        return apiOk({
          monthlyAmount: plan ? money(plan.monthlyMinor, c) : null,
          next: plan?.next
            ? { position: plan.next.position, dueDate: plan.next.dueOn, amount: money(plan.next.amountMinor, c) }
            : null,
          overdue: plan?.overdue ?? false,
        });
      }),
  }),
  defineEndpoint({
    group: 'Zahlung',
    name: 'GetRatenzahlungStatus',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      'The state of the plan (none, pending, active …) and whether a new plan could be agreed (instalment error codes).',
    response: z.object({
      planStatus: z.enum(['pending', 'active', 'cancelled', 'completed']).nullable(),
      isSepa: z.boolean(),
      sepaFailed: z.boolean(),
      overdue: z.boolean(),
      remaining: moneySchema.nullable(),
      newPlan: eligibilitySchema,
    }),
    handler: (_input, ctx) =>
      withFile(ctx, (file) => {
        const plan = file.facts.plan;
        return apiOk({
          planStatus: plan?.status ?? null,
          isSepa: plan?.isSepa ?? false,
          sepaFailed: plan?.sepaFailed ?? false,
          overdue: plan?.overdue ?? false,
          remaining: plan ? money(plan.remainingMinor, file.facts.currency) : null,
          newPlan: eligibilityView(file),
        });
      }),
  }),
  defineEndpoint({
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
  ...vaultCalls.map(vaultCall),
  defineEndpoint({
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
          paymentMethods: deferralMethods.filter((m) => m !== '3' || sepaOf(file.variant) !== null),
        });
      }),
  }),
  defineEndpoint({
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
  defineEndpoint({
    group: 'Zahlung',
    name: 'getInstallmentPlan',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'The repayment plan (rows with date, amount, claim, remaining; the last row is the final payment).',
    response: planSchema,
    handler: (_input, ctx) =>
      withFile(ctx, async (file) => {
        // The plan page's guards (the agreement state guard), as the action of mailing it checks them.
        const check = await checkAction('mailPlan', ctx.action);
        if (check) return problemFromAction(check);
        const plan = await loadPlan(ctx.action.db, file.facts.fileId);
        if (!plan) return problem(404, 'planNotFound');
        const c = file.facts.currency;
        return apiOk({
          planId: plan.id,
          status: plan.status,
          residualClaim: money(plan.residualClaimMinor, c),
          instalmentFee: money(plan.feeMinor, c),
          expenses: money(plan.expensesMinor, c),
          vat: money(plan.vatMinor, c),
          total: money(plan.totalMinor, c),
          monthlyAmount: money(plan.monthlyMinor, c),
          numberOfInstalments: plan.instalmentCount,
          firstDueDate: plan.firstDueOn,
          paymentProvider: plan.providerId,
          isSepa: plan.isSepa,
          rows: plan.rows.map((r) => ({
            position: r.position,
            dueDate: r.dueOn,
            amount: money(r.amountMinor, c),
            claim: money(r.claimMinor, c),
            remaining: money(r.remainingMinor, c),
            isFinal: r.isFinal,
            paid: r.paid,
            skipped: r.skipped,
          })),
        });
      }),
  }),
  defineEndpoint({
    group: 'Zahlung',
    name: 'SkipInstallment',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Skip the next instalment of the active plan (offered rarely: once, and not when overdue).',
    response: z.object({ skipped: rowSchema, next: z.object({ dueDate: isoDate, amount: moneySchema }).nullable() }),
    handler: async (_input, ctx) =>
      withFile(ctx, async (file) => {
        const result = await runAction('skipInstalment', ctx.action, {});
        if (!result.ok) return problemFromAction(result);
        const plan = await loadPlan(ctx.action.db, file.facts.fileId);
        const c = file.facts.currency;
        const row = plan?.rows.find((r) => r.position === result.value.skippedPosition);
        return apiOk({
          skipped: {
            position: result.value.skippedPosition,
            dueDate: result.value.skippedDueOn,
            amount: money(row?.amountMinor ?? 0, c),
          },
          next: result.value.next
            ? { dueDate: result.value.next.dueOn, amount: money(result.value.next.amountMinor, c) }
            : null,
        });
      }),
  }),
  defineEndpoint({
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
] as unknown as AnyEndpoint[];

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
