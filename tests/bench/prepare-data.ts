/**
 * Prepares the benchmark's database before the portal starts on it (tests/bench/server.ts): the
 * demo files as the demo mode creates them, file 100000001 with the letter link giving full
 * access (`files.letter_link_is_full_login`, a per-file setting of the agency), and many debtors'
 * files written by the journeys benchmark's generator (BENCH_FILES, default 20,000; once per
 * database, which later runs reopen). The benchmark then signs a different debtor in for each
 * request through a letter link it signs itself, without the password's deliberate slowness, so
 * each request is a first view of a debtor whose data nothing has read before in that run.
 *
 * The debtors it may sign in (the German variant's open files whose letter link gives full access)
 * are written, as JSON, to BENCH_DEBTORS_FILE.
 *
 * Run as its own process with the portal's environment (DATA_DIR or DATABASE_URL).
 */
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { generateFiles, firstRefno, type Query } from './journeys/generate.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { demoPassword } from '../../server/demo/catalogue.ts';
import { measureRunning } from '../../server/claims/rules.ts';
import type { StatusCode } from '../../server/claims/facts.ts';
import { ensureDemoData } from '../../server/db/bootstrap.ts';
import { openDatabase, targetFromEnv } from '../../server/db/client.ts';
import * as t from '../../server/db/schema.ts';
import { env } from '../../server/env.ts';

export const benchRefno = '100000001';

const handle = await openDatabase(targetFromEnv(env()));
try {
  await ensureDemoData(handle);
  await handle.db.update(t.files).set({ letterLinkIsFullLogin: true }).where(eq(t.files.refno, benchRefno));
  // drizzle keeps the driver's client (PGlite, or pg's Pool) on `$client`; both answer query(text, params).
  const client = (handle.db as unknown as { $client: Query }).$client;
  const generatedRange = [String(firstRefno), String(firstRefno + 100_000_000)];
  const { rows } = await client.query(
    'select count(*)::int as n from files where refno >= $1 and refno < $2',
    generatedRange,
  );
  if (Number(rows[0]!.n) === 0) {
    const count = Number(process.env.BENCH_FILES ?? 20_000);
    const began = Date.now();
    await generateFiles(client, {
      count,
      today: new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`),
      passwordHash: await hashPassword(demoPassword),
    });
    await client.query('analyze');
    console.error(
      `bench: ${count.toLocaleString('en')} debtors' files written in ${((Date.now() - began) / 1000).toFixed(0)} s`,
    );
  }
  const candidates = await client.query(
    `select refno, status_code from files
      where refno >= $1 and refno < $2 and subcase = 1 and variant = 'de' and letter_link_is_full_login
        and closed_at is null and not legal_blocking and not functions_blocked
      order by refno`,
    generatedRange,
  );
  // A file with a measure running refuses its letter link (server/auth/letter-links.ts).
  const refnos = candidates.rows
    .filter((row) => !measureRunning(String(row.status_code) as StatusCode))
    .map((row) => String(row.refno));
  if (process.env.BENCH_DEBTORS_FILE) writeFileSync(process.env.BENCH_DEBTORS_FILE, JSON.stringify(refnos));
} finally {
  await handle.close();
}
