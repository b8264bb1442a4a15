/**
 * The staging table's rows and how a chunk gets there (decision 096): COPY in PostgreSQL's text
 * format, through pg-copy-streams on PostgreSQL and PGlite's `/dev/blob` on the embedded
 * database, inside the transaction that then merges the chunk. Both run the same SQL after it.
 * The same rows, by column name (`stageRecord`), are what the upserts of one file or one debtor
 * hand the merge as JSON (decision 099), without COPY.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { PGliteThread, ThreadTransaction } from '../../db/pglite-thread.ts';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashPersonalNumber } from '../../auth/bank-id/personal-number.ts';
import { parseReference } from '../reference.ts';
import type { ImportDebtor, ImportLine } from './line.ts';

/**
 * The debtor's columns a line sets, named alike in the staging table and in `debtors` (the
 * e-mail address and the personal number's hash apart: the merge keeps the one it has when a line
 * has none).
 */
export const lineDebtorColumns = [
  'salutation',
  'person_type',
  'company_name',
  'first_name',
  'last_name',
  'birthdate',
  'street_name',
  'house_number',
  'postal_code',
  'city',
  'country_code',
  'phone',
  'mobile',
  'preferred_language',
  'matchcode',
] as const;

/** The file's own columns a line sets, named alike in the staging table and in `files`. */
export const lineFileColumns = [
  'status_code',
  'sub_state',
  'status_date',
  'claim_subject',
  'subject_key',
  'subject_params',
  'contract_date',
  'main_claim_minor',
  'interest_minor',
  'costs_minor',
  'payments_minor',
  'interest_rate_bp',
  'interest_basis',
  'interest_from',
  'has_video',
  'show_event_history',
  'show_upload_center',
  'letter_link_is_full_login',
  'instalment_error_code',
  'deposit_required_minor',
  'functions_blocked',
  'legal_blocking',
  'address_traced',
] as const;

const creditorColumns = (prefix: string) =>
  ['name', 'street', 'postal_code', 'city', 'country'].map((column) => `${prefix}_${column}`);

/** The staging table's columns in the order each COPY row writes them. */
export const stageColumns = [
  'import_id',
  'line',
  'refno',
  'subcase',
  'variant',
  'currency',
  'debtor_key',
  ...lineDebtorColumns,
  'email',
  'personal_number_hash',
  ...creditorColumns('creditor'),
  ...creditorColumns('original_creditor'),
  ...lineFileColumns,
  'cost_lines',
  'history',
];

type Cell = string | number | boolean | null | Record<string, string> | ImportLine['costLines'] | ImportLine['history'];

/** One value in COPY's text format: `\N` for null, backslash escapes for the separators. */
function cell(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

/**
 * A debtor of a line as the staging table's columns: the agency's key, the columns it sets and
 * the e-mail address and the personal number (only its keyed hash is staged). The debtor upsert stages its debtor alone with these (the file's columns null).
 */
export function debtorRecord(d: ImportDebtor): Record<string, Cell> {
  const columns: Record<(typeof lineDebtorColumns)[number], Cell> = {
    salutation: d.salutation,
    person_type: d.personType,
    company_name: d.companyName,
    first_name: d.firstName,
    last_name: d.lastName,
    birthdate: d.birthdate,
    street_name: d.streetName,
    house_number: d.houseNumber,
    postal_code: d.postalCode,
    city: d.city,
    country_code: d.countryCode,
    phone: d.phone,
    mobile: d.mobile,
    preferred_language: d.preferredLanguage,
    matchcode: d.matchcode,
  };
  return {
    debtor_key: d.key,
    ...columns,
    email: d.email,
    personal_number_hash: d.personalNumber === null ? null : hashPersonalNumber(d.personalNumber),
  };
}

/**
 * A history in the order the portal keeps it (by day, then kind and letter), so that the same
 * events given in another order are the same history and nothing is written again.
 */
function inDateOrder(history: NonNullable<ImportLine['history']>): NonNullable<ImportLine['history']> {
  const key = (e: (typeof history)[number]) => `${e.on} ${e.kind} ${e.letter ?? ''}`;
  return [...history].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** A validated line as one row of the staging table, by column name (COPY's row and the merge of given lines). */
export function stageRecord(importId: number, line: number, file: ImportLine): Record<string, Cell> {
  const ref = parseReference(file.reference)!;
  const c = file.creditor;
  const o = file.originalCreditor;
  const own: Record<(typeof lineFileColumns)[number], Cell> = {
    status_code: file.statusCode,
    sub_state: file.subState,
    status_date: file.statusDate,
    claim_subject: file.claimSubject,
    subject_key: file.subjectKey,
    subject_params: file.subjectParams,
    contract_date: file.contractDate,
    main_claim_minor: file.mainClaimMinor,
    interest_minor: file.interestMinor,
    costs_minor: file.costsMinor,
    payments_minor: file.paymentsMinor,
    interest_rate_bp: file.interestRateBp,
    interest_basis: file.interestBasis,
    interest_from: file.interestFrom,
    has_video: file.hasVideo,
    show_event_history: file.showEventHistory,
    show_upload_center: file.showUploadCenter,
    letter_link_is_full_login: file.letterLinkIsFullLogin,
    instalment_error_code: file.instalmentErrorCode,
    deposit_required_minor: file.depositRequiredMinor,
    functions_blocked: file.functionsBlocked,
    legal_blocking: file.legalBlocking,
    address_traced: file.addressTraced,
  };
  return {
    import_id: importId,
    line,
    refno: ref.refno,
    subcase: ref.subcase,
    variant: file.variant,
    currency: file.currency,
    ...debtorRecord(file.debtor),
    creditor_name: c.name,
    creditor_street: c.street,
    creditor_postal_code: c.postalCode,
    creditor_city: c.city,
    creditor_country: c.country,
    original_creditor_name: o?.name ?? null,
    original_creditor_street: o?.street ?? null,
    original_creditor_postal_code: o?.postalCode ?? null,
    original_creditor_city: o?.city ?? null,
    original_creditor_country: o?.country ?? null,
    ...own,
    cost_lines: file.costLines,
    history: file.history && inDateOrder(file.history),
  };
}

/** A validated line as one row of COPY text (tab-separated, newline-terminated). */
export function stageRow(importId: number, line: number, file: ImportLine): string {
  const record = stageRecord(importId, line, file);
  return `${stageColumns.map((column) => cell(record[column] ?? null)).join('\t')}\n`;
}

const copySql = (source: string) =>
  `copy agency_import_stage (${stageColumns.join(', ')}) from ${source} with (format text)`;

/** What the merge runs its SQL with: plain queries with $n parameters, the same on both databases. */
export interface SqlRunner {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number }>;
}

/** A chunk's transaction: the merge's queries, and COPY into the staging table. */
export interface ChunkTransaction extends SqlRunner {
  /** Writes the rows (COPY text) into the staging table. */
  copy(rows: string[]): Promise<void>;
}

/**
 * The merge's queries inside a drizzle transaction (the upserts of one file or debtor, decision
 * 099): each `$n` of the text becomes the n-th parameter, bound as drizzle binds any value.
 */
export function runnerOf(tx: Database): SqlRunner {
  return {
    async query<R>(text: string, params: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
      const result = (await tx.execute(query)) as unknown as {
        rows: R[];
        rowCount?: number | null;
        affectedRows?: number;
      };
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
    },
  };
}

/** Runs `work` in one transaction of the database's own client (committed when it returns). */
export async function inTransaction<T>(db: Database, work: (tx: ChunkTransaction) => Promise<T>): Promise<T> {
  // PGlite in the server's thread, or in a thread of its own in the compiled server (decision 122).
  const client = (db as unknown as { $client: pg.Pool | PGlite | PGliteThread }).$client;
  if (isPglite(client)) {
    return client.transaction(async (tx: ThreadTransaction) =>
      work({
        async query<R>(text: string, params: unknown[] = []) {
          const result = await tx.query<R>(text, params);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        },
        async copy(rows) {
          await tx.query(copySql(`'/dev/blob'`), [], { blob: new Blob(rows) });
        },
      }),
    );
  }
  const connection = await client.connect();
  let broken = false;
  try {
    await connection.query('begin');
    const result = await work({
      async query<R>(text: string, params: unknown[] = []) {
        const answer = await connection.query(text, params);
        return { rows: answer.rows as R[], rowCount: answer.rowCount ?? 0 };
      },
      async copy(rows) {
        await pipeline(Readable.from(batched(rows)), connection.query(copyFrom(copySql('stdin'))));
      },
    });
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** The rows in pieces of about 64 kB: one COPY message each instead of one a row. */
function* batched(rows: string[]): Generator<string> {
  let piece = '';
  for (const row of rows) {
    piece += row;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

function isPglite(client: pg.Pool | PGlite | PGliteThread): client is PGlite | PGliteThread {
  return typeof (client as PGlite).transaction === 'function' && typeof (client as pg.Pool).connect !== 'function';
}
