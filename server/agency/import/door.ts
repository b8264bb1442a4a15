/**
 * The import's HTTP door (POST and GET /agency/v1/imports, decision 096), kept thin for http.ts:
 * the body is received to a file (receive.ts), the job is made and answered at once (202), and the
 * import runs on in this process after the answer. GET answers the job's report with its refused
 * lines a page at a time. A job belongs to the client that sent it: another client is told 404.
 * A job the server was running when it stopped goes on when it starts again
 * (`resumeReceivedImports`, from the received file, which is removed once its job is done); or
 * `npm run agency:import -- --resume <id>` goes on with it.
 */
import { createReadStream, existsSync, rmSync } from 'node:fs';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { env } from '../../env.ts';
import { logger } from '../../http/logger.ts';
import { receiveBatch } from './receive.ts';
import { createImport, importBatch, listRejects, readImport, type ImportReport } from './run.ts';

/** A batch over this many lines stops, failed (a gzip bomb of blank lines among them). */
export const maxImportLines = 5_000_000;
export const maxRejectsPage = 1000;

/** What the agency sees of a job: the report without where the portal keeps the batch. */
export type PublicImport = Omit<ImportReport, 'source'>;

const publicOf = ({ source: _source, ...report }: ImportReport): PublicImport => report;

/** Jobs running in this process (a test waits for them; nothing else reads it). */
export const runningImports = new Map<number, Promise<ImportReport | null>>();

/** Runs job `id` on its received batch after the answer; a failure is logged, never thrown. */
function runInBackground(db: Database, id: number, file: string): void {
  const running = importBatch(db, createReadStream(file), { importId: id, maxLines: maxImportLines })
    .then((report) => {
      // Kept only while the job may still be resumed from it.
      if (report.status === 'done') rmSync(file, { force: true });
      return report;
    })
    .catch((error: unknown) => {
      // The database went away (a shutdown): the job stays `running` and goes on at the next start.
      logger.error({ err: error, importId: id }, 'agency import failed');
      return null;
    })
    .finally(() => runningImports.delete(id));
  runningImports.set(id, running);
}

/**
 * At the server's start: the jobs received over HTTP that were still running when a server
 * stopped (killed, or the database gone mid-chunk) go on after their last merged chunk, where their
 * batch lies on this instance. Answers how many.
 */
export async function resumeReceivedImports(db: Database): Promise<number> {
  const jobs = await db
    .select({ id: t.agencyImports.id, source: t.agencyImports.source })
    .from(t.agencyImports)
    .where(and(eq(t.agencyImports.status, 'running'), isNotNull(t.agencyImports.clientId)));
  let resumed = 0;
  for (const job of jobs) {
    if (runningImports.has(job.id) || !existsSync(job.source)) continue;
    runInBackground(db, job.id, job.source);
    resumed += 1;
  }
  return resumed;
}

/**
 * Jobs one client may have running at once: a batch is merged chunk by chunk beside the portal's
 * own work, and a client that sends its day's batches all at once would take every connection the
 * imports may use. One more is refused (429) until one is done.
 */
export const maxRunningImportsPerClient = 2;
/** When a refused client is told to try again: a chunk of 20,000 lines merges in seconds. */
const runningRetryAfterSeconds = 60;

export type Started =
  | { ok: true; report: PublicImport }
  | { ok: false; status: 400 | 413 | 415; code: 'unsupportedMediaType' | 'tooLarge' | 'brokenBody'; detail: string }
  | { ok: false; status: 429; code: 'importsRunning'; detail: string; running: number[]; retryAfterSeconds: number };

/** The client's jobs still running, oldest first (on any instance: they are rows). */
async function runningJobsOf(db: Database, clientId: string): Promise<number[]> {
  const rows = await db
    .select({ id: t.agencyImports.id })
    .from(t.agencyImports)
    .where(and(eq(t.agencyImports.clientId, clientId), eq(t.agencyImports.status, 'running')))
    .orderBy(asc(t.agencyImports.id));
  return rows.map((row) => row.id);
}

function tooMany(running: number[]): Started {
  return {
    ok: false,
    status: 429,
    code: 'importsRunning',
    detail: `${running.length} imports of this client are running; send the batch again when one is done`,
    running,
    retryAfterSeconds: runningRetryAfterSeconds,
  };
}

/**
 * POST /imports: refused before the body is read when the client has its most jobs running;
 * counted again, under a lock of the client's, when the job is made, so that two batches sent at
 * the same moment cannot both pass (the second's received body is removed).
 */
export async function startImport(db: Database, request: Request, clientId: string, now: Date): Promise<Started> {
  const before = await runningJobsOf(db, clientId);
  if (before.length >= maxRunningImportsPerClient) return tooMany(before);
  const received = await receiveBatch(request, env().DATA_DIR);
  if (!received.ok) return received;
  const made = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`debtor-portal:imports:${clientId}`}, 0))`);
    const running = await runningJobsOf(tx, clientId);
    if (running.length >= maxRunningImportsPerClient) return { ok: false as const, running };
    return { ok: true as const, job: await createImport(tx, { source: received.file, clientId, now }) };
  });
  if (!made.ok) {
    rmSync(received.file, { force: true });
    return tooMany(made.running);
  }
  runInBackground(db, made.job.id, received.file);
  return { ok: true, report: publicOf(made.job) };
}

export const importReportQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(maxRejectsPage).default(100),
});

export async function importReportPage(
  db: Database,
  id: number,
  clientId: string,
  query: z.output<typeof importReportQuery>,
) {
  const report = await readImport(db, id, clientId);
  if (!report) return null;
  const rejectedLines = await listRejects(db, id, query.after, query.limit + 1);
  const more = rejectedLines.length > query.limit;
  const page = more ? rejectedLines.slice(0, query.limit) : rejectedLines;
  return { ...publicOf(report), rejectedLines: page, next: more ? page.at(-1)!.line : null };
}
