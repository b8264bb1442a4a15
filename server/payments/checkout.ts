/**
 * Paying at once, as the checkout pages (app/routes/$portal.checkout.pay-direct*) and the sandbox
 * provider's page see it: what the file may pay and how, its payments, the instructions of one
 * payment, and cancelling it. A page imports this module, never the service (decision 077); every
 * read here opens the database itself, so that a page holds no database handle. The JSON API and
 * the assistant's tools, which carry `ctx.db`, call the service's functions with it.
 */
import { eq } from 'drizzle-orm';
import type { ActiveSession } from '../auth/session.ts';
import { agreementFees } from '../claims/agreement-fees.ts';
import { loadFileFacts } from '../claims/facts.ts';
import { getDatabase, withDatabase } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { PaymentRow } from './booking.ts';
import * as feedback from './service/feedback.ts';
import * as instructions from './service/instructions.ts';
import * as provider from './service/provider.ts';
import * as reads from './service/reads.ts';
import * as underWay from './service/under-way.ts';

export type { PaymentRow } from './booking.ts';
export { checkoutOptionsFor, type CheckoutOptions } from './service/options.ts';
export { paymentPagePath } from './service/start.ts';
export { isAwaitedInstructions } from './service/under-way.ts';

/**
 * The file the checkout is for: its facts as of `today`, and the variant the file belongs to (a
 * file lives in its country's portal, spec 2.2). Null when the file is gone.
 */
export async function checkoutFile(fileId: number, today: string) {
  const db = await getDatabase();
  const facts = await loadFileFacts(db, fileId, { today });
  if (!facts) return null;
  const [file] = await db.select({ variant: t.files.variant }).from(t.files).where(eq(t.files.id, fileId));
  return { facts, variant: file?.variant ?? null };
}

/** The file's payment with this id (another file's is null), brought up to date with the provider when `sync`. */
export async function paymentOfFile(fileId: number, paymentId: string, sync = true): Promise<PaymentRow | null> {
  const db = await getDatabase();
  const payment = await reads.paymentForFile(db, fileId, paymentId);
  if (!payment || !sync) return payment;
  return provider.syncPayment(db, payment);
}

/**
 * The name and address the card form fills in: the debtor's own, only after a full sign-in (a
 * reference-only session sees no personal data) and only for a person. Empty otherwise.
 */
export async function cardHolderDefaults(
  session: Pick<ActiveSession, 'debtorId' | 'level'>,
): Promise<Record<string, string>> {
  if (session.level !== 'full') return {};
  const db = await getDatabase();
  const [debtor] = await db.select().from(t.debtors).where(eq(t.debtors.id, session.debtorId));
  if (!debtor || debtor.personType !== 'person') return {};
  return {
    firstName: debtor.firstName ?? '',
    lastName: debtor.lastName ?? '',
    street: `${debtor.streetName} ${debtor.houseNumber}`.trim(),
    zip: debtor.postalCode,
    city: debtor.city,
  };
}

// The service's own functions under their names, as a page calls them: each opens the database itself.
export const paymentForFile = withDatabase(reads.paymentForFile);
export const paymentsUnderWay = withDatabase(underWay.paymentsUnderWay);
export const instructionsFor = withDatabase(instructions.instructionsFor);
export const providerPageUrl = withDatabase(provider.providerPageUrl);
export const swissQrBillFor = withDatabase(instructions.swissQrBillFor);
export const paymentFeedbackGiven = withDatabase(feedback.paymentFeedbackGiven);
/** The sandbox provider (its pages need its own functions), or null when it is not configured. */
export const sandboxProvider = withDatabase(provider.sandboxProvider);
/** The fees of the file's agreements, shown beside the amount (claims/agreement-fees.ts). */
export const fileAgreementFees = withDatabase(agreementFees);
