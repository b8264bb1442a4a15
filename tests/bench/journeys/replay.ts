/**
 * What `npm run bench:journeys` replays (tests/bench/journeys.ts): the databases of generated
 * files, the choice of debtors, a debtor's journey step by step and the summary of its steps.
 * Imported after the environment that the server's modules read (SESSION_SECRET, DEMO) is set.
 */
import pg from 'pg';
import { createLetterToken } from '../../../server/auth/letter-links.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { ensureDemoData } from '../../../server/db/bootstrap.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { demoFiles, demoPassword } from '../../../server/demo/catalogue.ts';
import { variants } from '../../../server/variants/config.ts';
import { CookieJar } from '../../helpers/instances.ts';
import { cpuSeconds, encodingHeaders, ensurePostgresDatabase } from '../harness.ts';
import { firstRefno, generateFiles, plannedFile } from './generate.ts';

// ------------------------------------------------------------------------------------------
// The database
// ------------------------------------------------------------------------------------------

/** A database of the journeys: its generated files, its address and the generator's seed. */
export interface Size {
  files: number;
  url: string;
  seed: number;
}

/** The database for `files` generated files: `<DATABASE_URL's name>_f<files>`. */
export function sizeUrl(databaseUrl: string, files: number): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_f${files}`;
  return url.toString();
}

/** Creates, migrates and fills the database of `size` where it is missing or empty. */
export async function prepareDatabase({
  files: fileCount,
  url: databaseUrl,
  seed,
}: Size): Promise<{ seconds: number; generated: boolean }> {
  await ensurePostgresDatabase(databaseUrl);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const began = Date.now();
  let generated = false;
  try {
    await ensureDemoData(handle);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      const { rows } = await pool.query<{ n: number }>(
        'select count(*)::int as n from files where refno >= $1 and refno < $2',
        [String(firstRefno), String(firstRefno + 100_000_000)],
      );
      const have = rows[0]!.n;
      if (have !== fileCount && have !== 0) {
        throw new Error(`${databaseUrl} holds ${have} generated files, not ${fileCount}: drop it and run again`);
      }
      // The 18-file reference: the letter links give full access (as 90 % of the generated files
      // and bench:server's file 100000001), so its journeys reach the same pages.
      if (fileCount === 0) await pool.query('update files set letter_link_is_full_login = true');
      if (have === 0 && fileCount > 0) {
        console.error(`writing ${fileCount.toLocaleString('en')} files into ${new URL(databaseUrl).pathname.slice(1)}`);
        const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
        const summary = await generateFiles(pool, {
          count: fileCount,
          seed,
          today,
          passwordHash: await hashPassword(demoPassword),
          batch: 2000,
          onProgress: (n) => {
            if (n % 20_000 === 0 || n === fileCount) {
              console.error(`  ${n.toLocaleString('en')} files, ${((Date.now() - began) / 1000).toFixed(0)} s`);
            }
          },
        });
        await pool.query('analyze');
        generated = true;
        console.error(`  rows: ${JSON.stringify(summary.rows)}`);
      }
    } finally {
      await pool.end();
    }
  } finally {
    await handle.close();
  }
  return { seconds: (Date.now() - began) / 1000, generated };
}

// ------------------------------------------------------------------------------------------
// The journeys
// ------------------------------------------------------------------------------------------

export interface Debtor {
  refno: string;
  subcase: number;
  variant: keyof typeof variants;
  totalMinor: number;
}

/** `count` distinct debtors: a seeded choice among the generated files, or the demo files again and again. */
export async function chooseDebtors(
  { files: fileCount, url: databaseUrl, seed }: Size,
  count: number,
): Promise<Debtor[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    let refnos: string[];
    if (fileCount === 0) {
      refnos = demoFiles.map((f) => f.refno);
    } else {
      const chosen = new Set<string>();
      let state = seed * 2_654_435_761;
      const take = Math.min(count, Math.floor(fileCount * 0.9));
      while (chosen.size < take) {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        const index = Math.floor((state / 4_294_967_296) * fileCount);
        chosen.add(plannedFile(index, seed).refno);
      }
      refnos = [...chosen];
    }
    const { rows } = await pool.query<{ refno: string; variant: string; total_minor: number }>(
      'select refno, variant, total_minor from files where subcase = 1 and refno = any($1::text[])',
      [refnos],
    );
    const byRefno = new Map(rows.map((r) => [r.refno, r]));
    const debtors = refnos.flatMap((refno) => {
      const row = byRefno.get(refno);
      return row ? [{ refno, subcase: 1, variant: row.variant as Debtor['variant'], totalMinor: row.total_minor }] : [];
    });
    return Array.from({ length: count }, (_, i) => debtors[i % debtors.length]!);
  } finally {
    await pool.end();
  }
}

export const steps = [
  'letter link page',
  'letter link redeemed',
  'dashboard',
  'claim information',
  'instalment page',
  'instalment amount (POST)',
  'instalment date step',
  'chat turn 1',
  'chat turn 2',
  'sign-out (POST)',
] as const;
export type Step = (typeof steps)[number];

export interface Sample {
  step: Step;
  ms: number;
  status: number;
  /** Server CPU ms of this step (serial phase only). */
  cpuMs?: number;
}

export async function journey(
  origin: string,
  debtor: Debtor,
  record: (s: Sample) => void,
  serverPid?: number,
): Promise<void> {
  const base = variants[debtor.variant].basePath;
  const jar = new CookieJar();
  const token = createLetterToken(debtor.refno, debtor.subcase, { validDays: 30 });
  const send = async (
    step: Step,
    url: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response | null> => {
    // As a browser asks (fetch alone would ask for gzip and deflate only).
    const headers: Record<string, string> = { ...encodingHeaders, Cookie: jar.header(), 'Accept-Language': 'de' };
    let body: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.method === 'POST') headers.Origin = origin;
    const cpuBefore = serverPid ? cpuSeconds(serverPid) : null;
    const began = performance.now();
    try {
      const response = await fetch(`${origin}${url}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      const ms = performance.now() - began;
      const cpuAfter = serverPid ? cpuSeconds(serverPid) : null;
      jar.take(response);
      record({
        step,
        ms,
        status: response.status,
        cpuMs: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) * 1000 : undefined,
      });
      return response;
    } catch {
      record({ step, ms: performance.now() - began, status: 0 });
      return null;
    }
  };
  const page = await send('letter link page', `${base}/l/${token}`);
  if (page?.status !== 200) return;
  const redeemed = await send('letter link redeemed', `${base}/l/${token}`, { method: 'POST', form: { token } });
  const next = redeemed?.headers.get('location');
  if (redeemed?.status !== 302 || !next) return; // refused at the door (a measure running, a legal blocking)
  await send('dashboard', next);
  await send('claim information', `${base}/claim-information`);
  const instalments = await send('instalment page', `${base}/checkout/pay-installments`);
  if (instalments?.status === 200) {
    const monthly = Math.max(10, Math.ceil(debtor.totalMinor / 600));
    const proposed = await send('instalment amount (POST)', `${base}/checkout/pay-installments`, {
      method: 'POST',
      form: { intent: 'amount', monthly: String(monthly) },
    });
    const location = proposed?.headers.get('location');
    if (proposed?.status === 302 && location?.includes('step=date')) await send('instalment date step', location);
  }
  await send('chat turn 1', `${base}/assistant/chat`, { method: 'POST', json: { text: 'wie viel muss ich zahlen' } });
  await send('chat turn 2', `${base}/assistant/chat`, {
    method: 'POST',
    json: { text: 'kann ich in raten zahlen' },
  });
  await send('sign-out (POST)', `${base}/signout`, { method: 'POST', form: {} });
}

export interface StepRow {
  step: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  cpuMs: number | null;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarise(samples: Sample[]): StepRow[] {
  return steps.map((step) => {
    const mine = samples.filter((s) => s.step === step);
    const sorted = mine.map((s) => s.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const s of mine) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    const cpu = mine.filter((s) => s.cpuMs !== undefined);
    return {
      step,
      count: mine.length,
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      p99: Math.round(percentile(sorted, 99)),
      statuses,
      errors: mine.filter((s) => s.status === 0 || s.status >= 500).length,
      cpuMs: cpu.length ? Math.round((100 * cpu.reduce((sum, s) => sum + s.cpuMs!, 0)) / cpu.length) / 100 : null,
    };
  });
}

export async function runJourneys(origin: string, debtors: Debtor[], parallel: number, serverPid?: number) {
  const samples: Sample[] = [];
  let next = 0;
  const began = performance.now();
  const worker = async () => {
    while (next < debtors.length) {
      const debtor = debtors[next++]!;
      await journey(origin, debtor, (s) => samples.push(s), parallel === 1 ? serverPid : undefined);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { samples, seconds: (performance.now() - began) / 1000 };
}
