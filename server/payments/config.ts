/**
 * Payment configuration: which provider serves the methods, the webhook secret, the agency's bank
 * accounts (for bank transfer) and the provider fees. Read once from the environment, validated.
 *
 *   PAYMENT_PROVIDER=sandbox   the built-in sandbox provider (default without HTTPS): its pages live
 *                              under /sandbox/pay/…, outside every variant
 *   PAYMENT_PROVIDER=off       no online payment: every method answers "not available"
 *   PAYMENT_WEBHOOK_SECRET     HMAC-SHA256 key of the provider's webhooks (≥ 32 characters);
 *                              without it a key derived from SESSION_SECRET is used
 *
 * Anyone can approve a sandbox payment, so an HTTPS deployment defaults to `off` and must choose
 * the sandbox explicitly (a staging system).
 */
import { z } from 'zod';
import { isSecureDeployment } from '../env.ts';
import { keyedHash } from '../security/crypto.ts';
import type { VariantId } from '../variants/config.ts';
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
    const fallback = isSecureDeployment() ? 'off' : 'sandbox';
    const parsed = schema.safeParse({
      PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || fallback,
      PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET || undefined,
    });
    if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    cached = parsed.data;
  }
  return { provider: cached.PAYMENT_PROVIDER, webhookSecret: cached.PAYMENT_WEBHOOK_SECRET ?? keyedHash('payment-webhook', 'sandbox') };
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
}

export const bankAccounts: Readonly<Record<VariantId, BankAccount>> = {
  de: { recipient: 'Clarus Inkasso GmbH', iban: 'DE02200505501015871393', bic: 'HASPDEHHXXX' },
  paycare: { recipient: 'Paycare GmbH', iban: 'DE02200505501015871393', bic: 'HASPDEHHXXX' },
  at: { recipient: 'Clarus Inkasso Österreich GmbH', iban: 'AT611904300234573201', bic: 'BKAUATWWXXX' },
  ch: { recipient: 'Clarus Inkasso AG', iban: 'CH9300762011623852957', bic: 'UBSWCHZH80A' },
  se: { recipient: 'Clarus Inkasso Sverige AB', iban: 'SE4550000000058398257466', bic: 'ESSESESSXXX' },
  no: { recipient: 'Clarus Inkasso Norge AS', iban: 'NO9386011117947', bic: 'DNBANOKKXXX' },
};

/**
 * A provider fee (section 3 "Fee lines: … instant-transfer fee, card fee, cash-payment fee"):
 * a share of the amount in basis points plus a fixed part, never below the minimum; both in minor
 * units of the file's currency. The spec does not give the amounts; these are the agency's prices.
 */
export interface FeeRule {
  percentBp: number;
  fixedMinor: number;
  minMinor: number;
}

export const providerFees: Readonly<Partial<Record<MethodKey, FeeRule>>> = {
  // Instant bank transfer.
  '2': { percentBp: 0, fixedMinor: 99, minMinor: 0 },
  // Card (VISA/MasterCard).
  '4': { percentBp: 150, fixedMinor: 25, minMinor: 50 },
  // Cash payment by barcode at a shop.
  '5': { percentBp: 100, fixedMinor: 0, minMinor: 100 },
};

/** Cash payment slips are accepted by shops up to this amount (minor units, EUR). */
export const cashMaxMinor = 99999;
