/**
 * The SEPA direct-debit mandate of a plan or a deferral (method 3): its fields checked against the
 * variant's scheme, the mandate kept as signed, the latest one for the printable page, and the
 * identity check (postal code, else the password) before a mandate is given.
 */
import { desc, eq } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import { beginAttempt, lockState, settleAttempt } from '../auth/attempts.ts';
import { confirmPassword, hasRecentReauth } from '../auth/reauth.ts';
import type { ActiveSession } from '../auth/session.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { sepaOf, type ActionContext, type FileContext, type Tx } from './context.ts';
import { accountHolderPattern, bicForIban, checkSepaIban, normaliseBic, samePostalCode } from './sepa.ts';

export interface MandateInput {
  accountHolder: string;
  iban: string;
  bic?: string | null;
}

/**
 * Checks the mandate's fields against the variant's SEPA scheme (the route's schema checks them
 * too; this is the server's word): refused where the variant offers no direct debit, and for an
 * IBAN of another country than the variant's own SEPA country.
 */
export function validateMandate(
  input: MandateInput,
  variant: string,
): { ok: true; iban: string; bic: string | null; accountHolder: string } | { ok: false } {
  const sepa = sepaOf(variant);
  if (!sepa) return { ok: false };
  const holder = input.accountHolder.trim().replace(/\s+/g, ' ');
  const iban = checkSepaIban(input.iban, sepa.ibanCountry);
  if (!accountHolderPattern.test(holder) || !iban.ok) return { ok: false };
  const entered = input.bic ? normaliseBic(input.bic) : null;
  if (input.bic && input.bic.trim() !== '' && !entered) return { ok: false };
  return { ok: true, iban: iban.iban, bic: entered ?? bicForIban(iban.iban), accountHolder: holder };
}

/**
 * The direct-debit mandate of a plan or a deferral (method 3): refused where the variant offers no
 * direct debit, or when the mandate's data do not hold; null for any other method.
 */
export function mandateFor(
  input: { method: string; mandate?: MandateInput | null },
  variant: string,
):
  | Extract<ReturnType<typeof validateMandate>, { ok: true }>
  | { ok: false; error: 'methodUnavailable' | 'mandateInvalid' }
  | null {
  if (input.method !== '3') return null;
  if (!sepaOf(variant)) return { ok: false, error: 'methodUnavailable' };
  const mandate = input.mandate ? validateMandate(input.mandate, variant) : null;
  return mandate?.ok ? mandate : { ok: false, error: 'mandateInvalid' };
}

export interface MandateRecord {
  mandateReference: string;
  creditorId: string;
  accountHolder: string;
  iban: string;
  bic: string | null;
  targetDate: string;
  purpose: 'plan' | 'deferral';
  signedAt: string;
}

/**
 * A mandate is kept as signed in `sepa_mandates` (its own account, reference and date, which the
 * printable mandate shows), with a portal order of type sepaMandate; the account also becomes
 * the debtor's current one (debtors.iban, bic, account_holder) for the next mandate's form.
 */
export async function recordMandate(
  tx: Tx,
  ctx: FileContext,
  m: {
    iban: string;
    bic: string | null;
    accountHolder: string;
    reference: string;
    targetDate: string;
    purpose: 'plan' | 'deferral';
    agreementId: number;
    ip: string | null;
    now: Date;
  },
) {
  await tx
    .update(t.debtors)
    .set({ iban: m.iban, bic: m.bic, accountHolder: m.accountHolder, updatedAt: m.now })
    .where(eq(t.debtors.id, ctx.debtor.id));
  const creditorId = sepaOf(ctx.variant)?.creditorId ?? '';
  const info: Omit<MandateRecord, 'accountHolder' | 'iban' | 'bic'> & { agreementId: number } = {
    mandateReference: m.reference,
    creditorId,
    targetDate: m.targetDate,
    purpose: m.purpose,
    signedAt: m.now.toISOString(),
    agreementId: m.agreementId,
  };
  await tx.insert(t.sepaMandates).values({
    fileId: ctx.facts.fileId,
    mandateReference: m.reference,
    creditorId,
    accountHolder: m.accountHolder,
    iban: m.iban,
    bic: m.bic,
    purpose: m.purpose,
    agreementId: m.agreementId,
    targetDate: m.targetDate,
    signedAt: m.now,
  });
  await tx.insert(t.portalOrders).values({
    fileId: ctx.facts.fileId,
    ip: m.ip,
    orderType: 'sepaMandate',
    orderedAt: m.now,
    targetDate: m.targetDate,
    feesMinor: 0,
    info: JSON.stringify(info),
  });
  await audit(tx as unknown as Database, {
    actor: 'debtor',
    action: 'sepa.mandate',
    debtorId: ctx.debtor.id,
    fileId: ctx.facts.fileId,
    detail: { purpose: m.purpose, agreementId: m.agreementId },
    at: m.now,
  });
}

/** The latest mandate of the file as it was signed, for the printable page. */
export async function latestMandate(
  db: Database,
  session: Pick<ActiveSession, 'fileId'>,
): Promise<MandateRecord | null> {
  const [row] = await db
    .select()
    .from(t.sepaMandates)
    .where(eq(t.sepaMandates.fileId, session.fileId))
    .orderBy(desc(t.sepaMandates.signedAt), desc(t.sepaMandates.id))
    .limit(1);
  if (!row) return null;
  return {
    mandateReference: row.mandateReference,
    creditorId: row.creditorId,
    accountHolder: row.accountHolder,
    iban: row.iban,
    bic: row.bic,
    targetDate: row.targetDate,
    purpose: row.purpose,
    signedAt: row.signedAt.toISOString(),
  };
}

export type IdentityCheck =
  { ok: true } | { ok: false; error: 'passwordRequired' | 'wrongPassword' | 'attemptsExceeded' | 'noPassword' };

/**
 * Before a mandate the postal code must match the file; otherwise the portal password is asked
 * (or a re-authentication of the last minutes counts). Wrong postal codes and passwords count
 * against the reference number's attempt limit; past it the attempts-exceeded message shows.
 */
export async function checkMandateIdentity(
  db: Database,
  session: Pick<ActiveSession, 'idHash' | 'fileId' | 'debtorId'>,
  input: { postalCode: string; password?: string | null },
  actx: ActionContext,
): Promise<IdentityCheck> {
  const now = actx.now ?? new Date();
  const [row] = await db
    .select({ postalCode: t.debtors.postalCode, refno: t.files.refno, hash: t.debtors.passwordHash })
    .from(t.debtors)
    .innerJoin(t.files, eq(t.files.id, session.fileId))
    .where(eq(t.debtors.id, session.debtorId));
  if (!row) return { ok: false, error: 'passwordRequired' };
  const keys = { client: actx.clientAddress, reference: row.refno };
  // Counted before the postal code is compared, atomically: parallel guesses never pass the limit.
  const lock = await beginAttempt(db, keys, now);
  if (lock.locked) return { ok: false, error: 'attemptsExceeded' };
  if (samePostalCode(input.postalCode, row.postalCode) || (await hasRecentReauth(db, session, now))) {
    await settleAttempt(db, lock.ticket, true);
    return { ok: true };
  }
  if (!row.hash) return { ok: false, error: 'noPassword' };
  if (input.password) {
    // The password check counts an attempt of its own; the postal code is not counted twice.
    await settleAttempt(db, lock.ticket, true);
  } else {
    await audit(db, {
      actor: 'debtor',
      action: 'sepa.postalCodeMismatch',
      debtorId: session.debtorId,
      fileId: session.fileId,
      clientAddress: actx.clientAddress,
      at: now,
    });
    return (await lockState(db, keys, now)).locked
      ? { ok: false, error: 'attemptsExceeded' }
      : { ok: false, error: 'passwordRequired' };
  }
  const result = await confirmPassword(db, session, input.password, { clientAddress: actx.clientAddress, now });
  if (result.ok) return { ok: true };
  if (result.error === 'locked') return { ok: false, error: 'attemptsExceeded' };
  return (await lockState(db, keys, now)).locked
    ? { ok: false, error: 'attemptsExceeded' }
    : { ok: false, error: 'wrongPassword' };
}

/** latestMandate as a page calls it: it opens the database itself (decision 077). */
export const latestMandateForPage = withDatabase(latestMandate);
