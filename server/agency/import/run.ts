/**
 * `importBatch(db, source, options)`: a letter batch into the portal (issue 29, decision 096). The
 * lines are read as they stream (read.ts) and checked by the line format (line.ts); a refused line
 * is reported with its number, field and reason, never stopping the batch. The accepted lines of
 * each chunk (`chunkLines` lines of the batch: lines 1–N, N+1–2N, …) are copied into the staging
 * table and merged (merge.ts) in one transaction, which also writes the chunk's refused lines and
 * moves the job's `lastMergedLine` and counts on. So a job stopped anywhere (a crash, kill -9, a
 * failure) is resumed by running it again on the same batch: it reads on after the last merged
 * chunk and ends as an uninterrupted run would. The same batch imported again changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { logger } from '../../http/logger.ts';
import { readLine, type LineIssue } from './line.ts';
import { mergeChunk } from './merge.ts';
import { batchLines, type BatchSource } from './read.ts';
import { inTransaction, stageRow } from './stage.ts';

/** Lines of the batch per chunk (one transaction each). */
export const defaultChunkLines = 20_000;
/** The most of a refused line the report keeps. */
const keptLineChars = 1000;

/**
 * A refused line as the report keeps it: its start, without NUL characters (PostgreSQL's text has
 * none) and not ending in half of a surrogate pair (which its JSON refuses).
 */
function kept(text: string): string {
  const start = text.slice(0, keptLineChars).replaceAll('\u0000', '\uFFFD');
  const last = start.charCodeAt(start.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? start.slice(0, -1) : start;
}

export interface ImportOptions {
  /** Resume this job (its batch again, from the start: the lines merged already are skipped). */
  importId?: number;
  /** Where the batch is (kept on the job, so that it can be resumed). */
  source?: string;
  clientId?: string | null;
  /** Lines per chunk of a new job (a resumed job keeps its own). */
  chunkLines?: number;
  /** A job with more lines than this stops, failed. */
  maxLines?: number;
  now?: () => Date;
  /** Called after each chunk's transaction committed (progress; a test stops the job here). */
  afterChunk?: (progress: { chunk: number; lastMergedLine: number }) => void | Promise<void>;
}

export const importStatuses = ['running', 'done', 'failed'] as const;

export interface ImportReport {
  id: number;
  status: (typeof importStatuses)[number];
  source: string;
  /** The last line of the batch merged (every line when done). */
  lines: number;
  chunkLines: number;
  accepted: number;
  rejected: number;
  filesCreated: number;
  filesUpdated: number;
  debtorsCreated: number;
  debtorsUpdated: number;
  creditorsCreated: number;
  creditorsUpdated: number;
  filesDeleted: number;
  statusChanges: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface RejectedLine {
  line: number;
  issues: LineIssue[];
  text: string;
}

type ImportRow = typeof t.agencyImports.$inferSelect;

function reportOf(row: ImportRow): ImportReport {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    lines: row.lastMergedLine,
    chunkLines: row.chunkLines,
    accepted: row.accepted,
    rejected: row.rejected,
    filesCreated: row.filesCreated,
    filesUpdated: row.filesUpdated,
    debtorsCreated: row.debtorsCreated,
    debtorsUpdated: row.debtorsUpdated,
    creditorsCreated: row.creditorsCreated,
    creditorsUpdated: row.creditorsUpdated,
    filesDeleted: row.filesDeleted,
    statusChanges: row.statusChanges,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A new job for a batch at `source`, not started. */
export async function createImport(
  db: Database,
  options: { source: string; clientId?: string | null; chunkLines?: number; now?: Date },
): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const [row] = await db
    .insert(t.agencyImports)
    .values({
      source: options.source,
      clientId: options.clientId ?? null,
      chunkLines: options.chunkLines ?? defaultChunkLines,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return reportOf(row!);
}

export async function readImport(db: Database, id: number, clientId?: string | null): Promise<ImportReport | null> {
  const [row] = await db.select().from(t.agencyImports).where(eq(t.agencyImports.id, id));
  if (!row || (clientId !== undefined && row.clientId !== clientId)) return null;
  return reportOf(row);
}

/** The refused lines of a job in line order, `limit` after line `after`. */
export async function listRejects(db: Database, id: number, after = 0, limit = 100): Promise<RejectedLine[]> {
  return db
    .select({
      line: t.agencyImportRejects.line,
      issues: t.agencyImportRejects.issues,
      text: t.agencyImportRejects.text,
    })
    .from(t.agencyImportRejects)
    .where(sql`${t.agencyImportRejects.importId} = ${id} and ${t.agencyImportRejects.line} > ${after}`)
    .orderBy(t.agencyImportRejects.line)
    .limit(limit);
}

/**
 * Imports the batch `source` (NDJSON bytes or text, gzip or not; documents made in code through
 * `asNdjson`) as job `options.importId` (resumed) or a new one, and answers the job's report. A failure of the stream or the database ends the job
 * `failed` with what was merged before kept (resume it); it is answered, not thrown, unless the
 * job row itself cannot be written.
 */
export async function importBatch(
  db: Database,
  source: BatchSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const clock = options.now ?? (() => new Date());
  const job =
    options.importId !== undefined
      ? await readImport(db, options.importId)
      : await createImport(db, {
          source: options.source ?? 'stream',
          clientId: options.clientId,
          chunkLines: options.chunkLines,
          now: clock(),
        });
  if (!job) throw new Error(`no import ${options.importId}`);
  if (job.status === 'done') return job;
  const id = job.id;
  const chunkLines = job.chunkLines;
  const skip = job.lines;
  await db.update(t.agencyImports).set({ status: 'running', error: null }).where(eq(t.agencyImports.id, id));

  let rows: string[] = [];
  let rejects: RejectedLine[] = [];
  let chunkEnd = skip + chunkLines;
  let chunk = Math.floor(skip / chunkLines);
  let lastLine = skip;

  const flush = async (through: number) => {
    const staged = rows;
    const refused = rejects;
    rows = [];
    rejects = [];
    const now = clock();
    await inTransaction(db, async (tx) => {
      // The job's row first: a second run of the same job waits here, then finds the chunk merged.
      const [current] = (
        await tx.query<{ last_merged_line: number }>(
          `select last_merged_line from agency_imports where id = $1 for update`,
          [id],
        )
      ).rows;
      if (!current || current.last_merged_line >= through) return;
      let counts = {
        creditorsCreated: 0,
        creditorsUpdated: 0,
        filesDeleted: 0,
        debtorsCreated: 0,
        debtorsUpdated: 0,
        filesCreated: 0,
        filesUpdated: 0,
        statusChanges: 0,
      };
      if (staged.length > 0) {
        await tx.copy(staged);
        counts = await mergeChunk(tx, id, now);
      }
      if (refused.length > 0)
        await tx.query(
          `insert into agency_import_rejects (import_id, line, issues, text)
           select $1, (r->>'line')::int, r->'issues', r->>'text' from jsonb_array_elements($2::jsonb) r
           on conflict do nothing`,
          [id, JSON.stringify(refused)],
        );
      await tx.query(
        `update agency_imports set last_merged_line = $2, accepted = accepted + $3, rejected = rejected + $4,
           files_created = files_created + $5, files_updated = files_updated + $6,
           debtors_created = debtors_created + $7, debtors_updated = debtors_updated + $8,
           creditors_created = creditors_created + $9, status_changes = status_changes + $10,
           creditors_updated = creditors_updated + $12, files_deleted = files_deleted + $13,
           updated_at = $11::timestamptz
         where id = $1`,
        [
          id,
          through,
          staged.length,
          refused.length,
          counts.filesCreated,
          counts.filesUpdated,
          counts.debtorsCreated,
          counts.debtorsUpdated,
          counts.creditorsCreated,
          counts.statusChanges,
          now,
          counts.creditorsUpdated,
          counts.filesDeleted,
        ],
      );
    });
    chunk += 1;
    await options.afterChunk?.({ chunk, lastMergedLine: through });
  };

  try {
    for await (const read of batchLines(source)) {
      if (read.line <= skip) continue;
      if (options.maxLines !== undefined && read.line > options.maxLines)
        throw new Error(`more than ${options.maxLines} lines`);
      while (read.line > chunkEnd) {
        await flush(chunkEnd);
        chunkEnd += chunkLines;
      }
      lastLine = read.line;
      if ('issue' in read) {
        rejects.push({ line: read.line, issues: [read.issue], text: kept(read.text) });
        continue;
      }
      const parsed = readLine(read.text);
      if (parsed.ok) rows.push(stageRow(id, read.line, parsed.value));
      else rejects.push({ line: read.line, issues: parsed.issues, text: kept(read.text) });
    }
    if (rows.length > 0 || rejects.length > 0 || lastLine > skip) await flush(lastLine);
    const now = clock();
    await db
      .update(t.agencyImports)
      .set({ status: 'done', updatedAt: now, finishedAt: now })
      .where(eq(t.agencyImports.id, id));
  } catch (error) {
    logger.warn({ err: error, importId: id }, 'agency import stopped');
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(t.agencyImports)
      .set({ status: 'failed', error: message.slice(0, 500), updatedAt: clock() })
      .where(eq(t.agencyImports.id, id));
  }
  return (await readImport(db, id))!;
}
