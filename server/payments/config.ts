/**
 * Payment configuration: which provider serves the methods, the webhook secret, the agency's bank
 * accounts (for bank transfer) and the provider fees. Read once from the environment, validated.
 *
 *   PAYMENT_PROVIDER=sandbox   the built-in sandbox provider (default in the demo mode): its pages live
 *                              under /sandbox/pay/…, outside every variant
 *   PAYMENT_PROVIDER=off       no online payment: every method answers "not available"
 *   PAYMENT_WEBHOOK_SECRET     HMAC-SHA256 key of the provider's webhooks (≥ 32 characters);
 *                              without it a key derived from SESSION_SECRET is used
 *
 * Anyone can approve a sandbox payment, so only the demo mode (DEMO=true, server/env.ts) defaults
 * to it; any other start defaults to `off` and must choose the sandbox explicitly (a staging
 * system), and then it never runs on the published development secret (`deploymentProblems`).
 */
import { z } from 'zod';
import { isDemo } from '../env.ts';
import { keyedHash } from '../security/crypto.ts';
import type { VariantId } from '../variants/config.ts';
import type { FeeRule } from './fee-rule.ts';
import type { MethodKey } from './methods.ts';

const providerNames = ['sandbox', 'off'] as const;
export type PaymentProviderName = (typeof providerNames)[number];

const schema = z.object({
  PAYMENT_PROVIDER: z.enum(providerNames),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32).optional(),
});

let cached: z.infer<typeof schema> | undefined;

export function paymentConfig(): { provider: PaymentProviderName; webhookSecret: string } {
  if (!cached) {
    const fallback = isDemo() ? 'sandbox' : 'off';
    const parsed = schema.safeParse({
      PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || fallback,
      PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET || undefined,
    });
    if (!parsed.success)
      throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    cached = parsed.data;
  }
  const configured = cached.PAYMENT_WEBHOOK_SECRET;
  return {
    provider: cached.PAYMENT_PROVIDER,
    // Derived only when asked: with the provider off there is no key to derive (nor a secret, perhaps).
    get webhookSecret() {
      return configured ?? keyedHash('payment-webhook', 'sandbox');
    },
  };
}

/** For tests: read the environment again. */
export function resetPaymentConfig(): void {
  cached = undefined;
}

/** How long a started payment may stay open before it expires. */
export const paymentValidMinutes = 30;
/** Cash payment slips are valid longer: the debtor goes to a shop. */
export const cashSlipValidDays = 10;
/** A bank transfer is awaited this long before the payment expires (the money is still booked by hand if it comes later). */
export const transferValidDays = 14;

/** The agency's account that bank transfers go to, per variant (section 3 "recipient name, IBAN, BIC of the provider"). */
export interface BankAccount {
  recipient: string;
  iban: string;
  bic: string;
  /**
   * Switzerland: the QR-IBAN of the same account (institution id 30000–31999). Swiss debtors pay
   * by QR-bill; a QR-IBAN takes a structured QR reference (QRR) that the bank reports back, so the
   * payment is matched to the file without anyone reading a text (decision 030).
   */
  qrIban?: string;
}

export const bankAccounts: Readonly<Record<VariantId, BankAccount>> = {
  de: { recipient: 'Clarus Inkasso GmbH', iban: 'DE02200505501015871393', bic: 'HASPDEHHXXX' },
  paycare: { recipient: 'Paycare GmbH', iban: 'DE02200505501015871393', bic: 'HASPDEHHXXX' },
  at: { recipient: 'Clarus Inkasso Österreich GmbH', iban: 'AT611904300234573201', bic: 'BKAUATWWXXX' },
  ch: {
    recipient: 'Clarus Inkasso AG',
    iban: 'CH9300762011623852957',
    bic: 'UBSWCHZH80A',
    qrIban: 'CH4431999123000889012',
  },
  se: { recipient: 'Clarus Inkasso Sverige AB', iban: 'SE4550000000058398257466', bic: 'ESSESESSXXX' },
  no: { recipient: 'Clarus Inkasso Norge AS', iban: 'NO9386011117947', bic: 'DNBANOKKXXX' },
};

/**
 * A provider fee (section 3 "Fee lines: … instant-transfer fee, card fee, cash-payment fee"):
 * a share of the amount in basis points plus a fixed part, never below the minimum; both in minor
 * units of the file's currency. The spec does not give the amounts; these are the agency's prices.
 */
export type FeeTable = Readonly<Partial<Record<MethodKey, FeeRule>>>;

/** Cash by barcode at a shop: the shop's handling, not a payment instrument (decision 024). */
const cashFee: FeeRule = { percentBp: 100, fixedMinor: 0, minMinor: 100 };

/**
 * Fees per variant and method (decision 024). In the EU and EEA (DE, AT, SE, NO and Paycare) a
 * consumer pays no surcharge for a card, a SEPA transfer or debit, or an instant transfer
 * (PSD2 art. 62(4), § 270a BGB); `fees.ts` enforces that even if a row here says otherwise.
 * Switzerland is outside both: the card fee is allowed there and shown before paying.
 */
export const providerFees: Readonly<Record<VariantId, FeeTable>> = {
  de: { '5': cashFee },
  paycare: { '5': cashFee },
  at: { '5': cashFee },
  ch: { '4': { percentBp: 150, fixedMinor: 25, minMinor: 50 } },
  se: {},
  no: {},
};

/** Cash payment slips are accepted by shops up to this amount (minor units, EUR). */
export const cashMaxMinor = 99999;
