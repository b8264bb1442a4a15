/**
 * A debtor's files (spec 2.1 "DebtorCases"): files under legal blocking or deletion are never
 * listed; switching the session's file is allowed only to a listed file of the same debtor.
 *
 * What a session may see follows its level (decision 018): a full session sees all the debtor's
 * files; a reference-only session only the files of the reference number it gave (its subcases),
 * never the debtor's other files, their creditors or amounts. A file with a measure running is
 * listed but cannot be opened: sign-in refuses it, so switching must too (decision 019).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import * as t from '../db/schema.ts';
import { openFile } from './file-queries.ts';
import type { ActiveSession } from '../auth/session.ts';
import { claimSubject, type ClaimSubject } from './subjects.ts';
import { measureRunning } from './rules.ts';

export interface DebtorCase {
  fileId: number;
  refno: string;
  subcase: number;
  variant: string;
  creditor: string;
  claimSubject: ClaimSubject;
  currency: string;
  totalMinor: number;
  statusCode: (typeof t.statusCodes)[number];
  subState: (typeof t.subStates)[number] | null;
  current: boolean;
  /** False while a measure is running: listed, but it cannot be opened (sign-in refuses it too). */
  available: boolean;
}

/** A file as the list reads it, before its subject is put together. */
type CaseRow = Omit<DebtorCase, 'claimSubject' | 'current' | 'available' | 'totalMinor'> & {
  claimSubject: string;
  subjectKey: string | null;
  subjectParams: Record<string, string> | null;
  totalMinor: number | null;
};

/** Which of the debtor's files a session lists: all of them, or those of its file's reference number. */
type CaseScope = 'full' | 'reference';
const scopeOf = (session: Pick<ActiveSession, 'level'>): CaseScope => (session.level === 'full' ? 'full' : 'reference');

/**
 * The debtor's open files, prepared once per database handle (decision 075). `full`: every file
 * of the debtor; otherwise the files of the session file's reference number, in the same statement.
 */
const casesRead = preparedPerDatabase((db: Database, scope: CaseScope) =>
  db
    .select({
      fileId: t.files.id,
      refno: t.files.refno,
      subcase: t.files.subcase,
      variant: t.files.variant,
      creditor: t.creditors.name,
      claimSubject: t.files.claimSubject,
      subjectKey: t.files.subjectKey,
      subjectParams: t.files.subjectParams,
      currency: t.files.currency,
      totalMinor: t.files.totalMinor,
      statusCode: t.files.statusCode,
      subState: t.files.subState,
    })
    .from(t.files)
    .innerJoin(t.creditors, eq(t.creditors.id, t.files.creditorId))
    .where(
      and(
        eq(t.files.debtorId, sql.placeholder('debtorId')),
        openFile(),
        scope === 'full'
          ? undefined
          : sql`${t.files.refno} = (select own.refno from ${t.files} own where own.id = ${sql.placeholder('fileId')})`,
      ),
    )
    .orderBy(asc(t.files.refno), asc(t.files.subcase))
    .prepare(scope === 'full' ? 'debtor_cases' : 'debtor_cases_of_reference'),
);

/**
 * The same list as a column of the session file's own read (`readFile`'s extras, correlated to
 * its `files` row): a chat turn reads its file, the debtor's other files and the known values in
 * one statement (issue 28). The same rows as `casesRead` in its order, by the same rule as
 * `openFile` (tests/routes/assistant-tools.test.ts compares the two); the file's debtor is the
 * session's. Plain SQL, as the facts' columns: drizzle leaves a single table's columns unqualified.
 */
export function debtorCasesColumn(scope: CaseScope): SQL<CaseRow[]> {
  return sql<CaseRow[]>`(
    select coalesce(json_agg(json_build_object(
      'fileId', l.id, 'refno', l.refno, 'subcase', l.subcase, 'variant', l.variant, 'creditor', c.name,
      'claimSubject', l.claim_subject, 'subjectKey', l.subject_key, 'subjectParams', l.subject_params,
      'currency', l.currency, 'totalMinor', l.total_minor, 'statusCode', l.status_code, 'subState', l.sub_state)
      order by l.refno, l.subcase), '[]'::json)
    from ${t.files} l join ${t.creditors} c on c.id = l.creditor_id
    where l.debtor_id = "files"."debtor_id" and not l.legal_blocking and l.deleted_at is null
      ${scope === 'full' ? sql`` : sql`and l.refno = "files"."refno"`})`;
}

/** The list from its rows, as the session sees it. */
export function casesFrom(rows: readonly CaseRow[], session: Pick<ActiveSession, 'fileId'>): DebtorCase[] {
  return rows.map(({ subjectKey, subjectParams, ...r }) => ({
    ...r,
    claimSubject: claimSubject(r.claimSubject, subjectKey, subjectParams),
    totalMinor: r.totalMinor ?? 0,
    current: r.fileId === session.fileId,
    available: !measureRunning(r.statusCode),
  }));
}

export async function listDebtorCases(
  db: Database,
  session: Pick<ActiveSession, 'debtorId' | 'fileId' | 'level'>,
): Promise<DebtorCase[]> {
  // A reference-only session stays within the reference number it gave (that of its file).
  const rows = await casesRead(db, scopeOf(session)).execute({ debtorId: session.debtorId, fileId: session.fileId });
  return casesFrom(rows as CaseRow[], session);
}

export { scopeOf as caseScopeOf, type CaseScope };

export const switchCaseInput = z.object({ fileId: z.coerce.number().int().positive() });

/** Makes another of the debtor's own files the session's file; anything else is refused. */
export async function switchCase(
  db: Database,
  session: ActiveSession,
  raw: z.input<typeof switchCaseInput>,
  ctx: { clientAddress?: string } = {},
): Promise<{ ok: true; variant: string } | { ok: false; error: 'notYours' | 'measureRunning' }> {
  const parsed = switchCaseInput.safeParse(raw);
  if (!parsed.success) return { ok: false, error: 'notYours' };
  const cases = await listDebtorCases(db, session);
  const target = cases.find((c) => c.fileId === parsed.data.fileId);
  if (!target) {
    await audit(db, {
      actor: 'debtor',
      action: 'case.switch.refused',
      debtorId: session.debtorId,
      fileId: session.fileId,
      clientAddress: ctx.clientAddress,
      detail: { requested: parsed.data.fileId },
    });
    return { ok: false, error: 'notYours' };
  }
  if (!target.available) {
    await audit(db, {
      actor: 'debtor',
      action: 'case.switch.refused.measureRunning',
      debtorId: session.debtorId,
      fileId: session.fileId,
      clientAddress: ctx.clientAddress,
      detail: { requested: target.fileId },
    });
    return { ok: false, error: 'measureRunning' };
  }
  await db.update(t.sessions).set({ fileId: target.fileId }).where(eq(t.sessions.idHash, session.idHash));
  await audit(db, {
    actor: 'debtor',
    action: 'case.switched',
    debtorId: session.debtorId,
    fileId: target.fileId,
    clientAddress: ctx.clientAddress,
  });
  return { ok: true, variant: target.variant };
}

/** listDebtorCases as a page calls it: it opens the database itself (decision 077). */
export const listDebtorCasesForPage = withDatabase(listDebtorCases);

/** switchCase as a page calls it: it opens the database itself (decision 077). */
export const switchCaseForPage = withDatabase(switchCase);
