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
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { importBatch } from '../../server/agency/import/run.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { root } from './harness.ts';
import { importBatchText } from '../helpers/import-batch.ts';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '100000' }, chunk: { type: 'string', default: '20000' } },
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
  writeFileSync(path.join(out, 'agency-import.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await database.dispose();
}
