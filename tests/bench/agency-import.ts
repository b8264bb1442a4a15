/**
 * `npm run bench:import [-- --lines 1000000] [--chunk 20000]` (issue 29, item 2: "1,000,000 files
 * in at most 10 minutes"): writes a gzip NDJSON letter batch of N realistic files (every variant,
 * status and sub-state, debtors with several files: tests/bench/import-batch.ts), imports it with
 * `importBatch` as `npm run agency:import` does, and imports it again (nothing may change). Prints
 * lines a second, seconds and the process's peak resident memory; measured, never asserted; writes
 * bench-results/agency-import.json.
 *
 * With DATABASE_URL the run gets a database of its own on that server (made and dropped, as
 * bench:delivery does); without it the embedded PGlite (in memory, in this process: its memory is
 * in the peak). The batch is written once per size to bench-results/ and reused.
 *
 * `--kill`: also a crash for real: `npm run agency:import` in a process of its own on a second
 * database (on the server, or a PGlite folder), killed with SIGKILL mid-import (after two chunks
 * were merged on PostgreSQL; after `--kill-after` seconds on PGlite, whose folder has one opener),
 * then the job resumed here; the files, debtors and status history are compared with the
 * uninterrupted run's by checksum (an import writes no versions since decision 099).
 */
import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { importBatch, type ImportReport } from '../../server/agency/import/run.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { root } from './harness.ts';
import { importBatchText } from '../helpers/import-batch.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '100000' },
    chunk: { type: 'string', default: '20000' },
    kill: { type: 'boolean', default: false },
    'kill-after': { type: 'string', default: '20' },
  },
});
const lineCount = Number(values.lines);
const chunkLines = Number(values.chunk);
const out = path.join(root, 'bench-results');
mkdirSync(out, { recursive: true });

const batchFile = path.join(out, `agency-import-${lineCount}.ndjson.gz`);
if (!existsSync(batchFile)) {
  const started = performance.now();
  const gzip = createGzip({ level: 6 });
  const written = createWriteStream(`${batchFile}.part`);
  gzip.pipe(written);
  for (const line of importBatchText(lineCount, { today: new Date(Date.UTC(2026, 10, 27)) }))
    if (!gzip.write(line)) await once(gzip, 'drain');
  gzip.end();
  await once(written, 'finish');
  renameSync(`${batchFile}.part`, batchFile);
  console.log(`batch of ${lineCount} lines written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const database = await createTestDatabase({ seed: false, serverUrl: process.env.DATABASE_URL });
try {
  const run = async () => {
    const started = performance.now();
    const report = await importBatch(database.db, createReadStream(batchFile), { source: batchFile, chunkLines });
    return { report, seconds: (performance.now() - started) / 1000 };
  };
  const first = await run();
  const again = await run();
  const counted = (await database.db.execute(sql`select count(*)::int as files from files`)) as unknown as {
    rows: Array<{ files: number }>;
  };
  const result = {
    database: kind,
    lines: lineCount,
    chunkLines,
    status: first.report.status,
    error: first.report.error,
    accepted: first.report.accepted,
    rejected: first.report.rejected,
    filesCreated: first.report.filesCreated,
    debtorsCreated: first.report.debtorsCreated,
    seconds: Number(first.seconds.toFixed(1)),
    linesPerSecond: Math.round(lineCount / first.seconds),
    reimportSeconds: Number(again.seconds.toFixed(1)),
    reimportChanged: again.report.filesCreated + again.report.filesUpdated + again.report.debtorsUpdated,
    filesInDatabase: counted.rows[0]!.files,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.table([result]);
  const killed = values.kill ? await killAndResume(await fingerprint(database.db), first.report) : null;
  if (killed) console.table([killed]);
  writeFileSync(path.join(out, 'agency-import.json'), `${JSON.stringify({ ...result, killed }, null, 2)}\n`);
} finally {
  await database.dispose();
}

/** What an import leaves, as checksums and counts that do not depend on ids or times. */
async function fingerprint(db: Database) {
  const rows = await db.execute(sql`
    select
      (select md5(string_agg(md5(x), '' order by x)) from (
         select concat_ws('|', f.refno, f.subcase, d.agency_key, d.last_name, d.first_name, d.company_name, d.email,
                d.street_name, d.postal_code, d.phone, c.name, o.name, f.variant, f.currency, f.status_code,
                f.sub_state, f.status_date, f.claim_subject, f.subject_key, f.subject_params::text, f.contract_date,
                f.main_claim_minor, f.interest_minor, f.costs_minor, f.payments_minor, f.interest_rate_bp,
                f.interest_basis, f.interest_from, f.has_video, f.show_event_history, f.show_upload_center,
                f.letter_link_is_full_login, f.instalment_error_code, f.deposit_required_minor, f.functions_blocked,
                f.legal_blocking, f.address_traced) as x
           from files f join debtors d on d.id = f.debtor_id join creditors c on c.id = f.creditor_id
           left join creditors o on o.id = f.original_creditor_id) s) as files,
      (select count(*)::int from debtors) as debtors,
      (select count(*)::int from creditors) as creditors,
      (select count(*)::int from file_status_history) as history`);
  return (rows as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!;
}

function countsOf({ id: _i, createdAt: _c, finishedAt: _f, source: _s, ...rest }: ImportReport) {
  return rest;
}

async function killAndResume(expected: Record<string, unknown>, uninterrupted: ImportReport) {
  const child = { env: { ...process.env } as NodeJS.ProcessEnv };
  let target: Parameters<typeof openDatabase>[0];
  let cleanup: () => Promise<void>;
  let probe: pg.Client | null = null;
  if (process.env.DATABASE_URL) {
    const name = `bench_import_killed_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
    child.env.DATABASE_URL = url.toString();
    // Migrated before the child starts, so the probe finds the job table.
    await (await openDatabase(target)).close();
    probe = new pg.Client({ connectionString: url.toString() });
    await probe.connect();
    cleanup = async () => {
      await probe?.end();
      const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  } else {
    const folder = mkdtempSync(path.join(tmpdir(), 'bench-import-killed-'));
    child.env.DATA_DIR = folder;
    target = { kind: 'pglite', dataDir: path.join(folder, 'pglite') };
    cleanup = async () => rmSync(folder, { recursive: true, force: true });
  }
  try {
    const started = performance.now();
    const importer = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/agency-import.ts', batchFile, '--chunk', String(chunkLines)],
      {
        cwd: root,
        env: child.env,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => importer.once('exit', () => resolve()));
    if (probe) {
      for (;;) {
        const { rows } = await probe.query<{ line: number }>(
          'select coalesce(max(last_merged_line), 0)::int as line from agency_imports',
        );
        if (rows[0]!.line >= 2 * chunkLines || importer.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } else await new Promise((resolve) => setTimeout(resolve, Number(values['kill-after']) * 1000));
    importer.kill('SIGKILL');
    await exited;
    const killedAfter = (performance.now() - started) / 1000;
    const handle = await openDatabase(target);
    try {
      const [job] = (
        (await handle.db.execute(
          sql`select id, last_merged_line from agency_imports order by id desc limit 1`,
        )) as unknown as { rows: Array<{ id: number; last_merged_line: number }> }
      ).rows;
      if (!job) return { killedAfterSeconds: Number(killedAfter.toFixed(1)), note: 'killed before the job was made' };
      const resumedAt = performance.now();
      const resumed = await importBatch(handle.db, createReadStream(batchFile), { importId: job.id, chunkLines });
      const got = await fingerprint(handle.db);
      return {
        killedAfterSeconds: Number(killedAfter.toFixed(1)),
        mergedLinesAtKill: job.last_merged_line,
        resumeSeconds: Number(((performance.now() - resumedAt) / 1000).toFixed(1)),
        status: resumed.status,
        sameReport: JSON.stringify(countsOf(resumed)) === JSON.stringify(countsOf(uninterrupted)),
        sameDatabase: JSON.stringify(got) === JSON.stringify(expected),
      };
    } finally {
      await handle.close();
    }
  } finally {
    await cleanup();
  }
}
