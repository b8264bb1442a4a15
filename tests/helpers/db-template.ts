/**
 * The test databases' starting points, made once per test run (decision 054): an in-memory
 * PGlite migrated, and one migrated and seeded with the real `ensureDemoData`, each dumped to a
 * tarball in a temporary folder that the run's global setup removes again. A test file's
 * database then starts PGlite from the tarball instead of running initdb, the migrations and the
 * seed again (about 1 s instead of 2–3 s per file).
 *
 * The seed depends on the agency's calendar day and on the session secret (the keyed hashes of
 * personal numbers); both are recorded with the tarballs, and a test database whose day or
 * secret differs is seeded the old way. The tarballs are made by the same run, so they can never
 * be older than the migrations or the seed's code.
 */
import type { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDemoData, hashPersonalNumber } from '../../server/db/bootstrap.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { todayIso } from '../../server/dates.ts';

/** Where the global setup tells the test workers (which inherit its environment) about the tarballs. */
export const templateVariable = 'PORTAL_TEST_PGLITE_TEMPLATES';

interface TemplateInfo {
  /** The agency's calendar day the seed was dated from. */
  day: string;
  /** A keyed hash made with the session secret of the run that seeded. */
  secret: string;
  migrated: string;
  seeded: string;
}

const secretProbe = () => hashPersonalNumber('0');

async function dump(handle: DatabaseHandle, file: string): Promise<void> {
  // drizzle keeps the driver's client on `$client`; only PGlite can dump its data folder.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const tarball = await client.dumpDataDir('none');
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
}

/** Builds both tarballs; returns the folder to remove after the run. */
export async function buildTemplates(): Promise<{ folder: string; info: TemplateInfo }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-templates-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    const migrated = path.join(folder, 'migrated.tar');
    await dump(handle, migrated);
    const day = todayIso();
    // Passwords hashed with the cheap argon2 parameters, as createTestDatabase seeds them.
    await ensureDemoData(handle, { fastHashes: true });
    const seeded = path.join(folder, 'seeded.tar');
    await dump(handle, seeded);
    const info: TemplateInfo = { day, secret: secretProbe(), migrated, seeded };
    process.env[templateVariable] = JSON.stringify(info);
    return { folder, info };
  } finally {
    await handle.close();
  }
}

export function removeTemplates(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  delete process.env[templateVariable];
}

/** The tarball a test database may start from, or undefined to migrate (and seed) the old way. */
export function templateFor(options: { seed: boolean; today?: Date }): Blob | undefined {
  const raw = process.env[templateVariable];
  if (!raw) return undefined;
  const info = JSON.parse(raw) as TemplateInfo;
  let file = info.migrated;
  if (options.seed) {
    if (info.day !== todayIso(options.today) || info.secret !== secretProbe()) return undefined;
    file = info.seeded;
  }
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Removed under us (a run's teardown while another still runs): make the database afresh.
    return undefined;
  }
}
