/**
 * npm run agency:import -- <batch.ndjson[.gz]> [--resume <job id>] [--chunk <lines>]
 * imports a letter batch (decision 096) and prints the job's report as one JSON line; the refused
 * lines are written beside the batch as `<batch>.rejected.ndjson` (line, issues, text), one a
 * line. `--resume` goes on with a job that stopped (a crash, kill -9, a failure) after its last
 * merged chunk, on the same batch (the job's own when no file is named), in the job's own chunks
 * (`--chunk`, 20,000 lines by default, is taken by a new job only). Exit code 0 when the job
 * is done, 1 when it failed (resume it), 2 on wrong usage.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CliResult } from '../../cli/run.ts';
import type { Database } from '../../db/client.ts';
import { importBatch, listRejects, readImport } from './run.ts';

const usage = 'usage: npm run agency:import -- <batch.ndjson[.gz]> [--resume <job id>] [--chunk <lines>]';

export async function agencyImportCommand(db: Database, argv: string[]): Promise<CliResult> {
  let parsed: { values: { resume?: string; chunk?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { resume: { type: 'string' }, chunk: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { code: 2, error: `${error instanceof Error ? error.message : String(error)}\n${usage}` };
  }
  const { resume, chunk } = parsed.values;
  const importId = resume === undefined ? undefined : Number(resume);
  if (importId !== undefined && !(Number.isInteger(importId) && importId > 0))
    return { code: 2, error: `--resume: a job id\n${usage}` };
  const chunkLines = chunk === undefined ? undefined : Number(chunk);
  if (chunkLines !== undefined && !(Number.isInteger(chunkLines) && chunkLines >= 1))
    return { code: 2, error: `--chunk: a number of lines\n${usage}` };
  if (parsed.positionals.length > 1) return { code: 2, error: usage };
  const job = importId === undefined ? null : await readImport(db, importId);
  if (importId !== undefined && !job) return { code: 1, error: `no import ${importId}` };
  const named = parsed.positionals[0];
  if (!named && !job) return { code: 2, error: usage };
  const file = path.resolve(named ?? job!.source);
  if (!existsSync(file)) return { code: 1, error: `no file ${file}` };
  const report = await importBatch(db, createReadStream(file), { importId, source: file, chunkLines });
  const rejectedFile = `${file.replace(/\.gz$/, '')}.rejected.ndjson`;
  if (report.rejected > 0) await writeRejects(db, report.id, rejectedFile);
  const line = JSON.stringify({ ...report, rejectedLines: report.rejected > 0 ? rejectedFile : null });
  return report.status === 'done' ? { code: 0, line } : { code: 1, error: line };
}

async function writeRejects(db: Database, id: number, file: string): Promise<void> {
  const out = createWriteStream(file);
  let after = 0;
  for (;;) {
    const page = await listRejects(db, id, after, 5000);
    if (page.length === 0) break;
    for (const reject of page) {
      if (!out.write(`${JSON.stringify(reject)}\n`)) await once(out, 'drain');
    }
    after = page.at(-1)!.line;
  }
  out.end();
  await once(out, 'finish');
}
