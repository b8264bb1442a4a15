/**
 * The test databases' starting points (decision 054): an in-memory PGlite migrated, and one
 * migrated and seeded with the real `ensureDemoData`, each dumped to a tarball. A test file's
 * database then starts PGlite from the tarball instead of running initdb, the migrations and the
 * seed again (about 1 s instead of 2–3 s per file).
 *
 * The tarballs are kept between runs in .cache/test-templates/<fingerprint>/ (decision 060). The
 * fingerprint covers everything the tarballs are made from: every source file under server/ (the
 * migrations, the schema, the seed and what it imports: passwords, variants, dates, claims; all
 * of server/, so that no import is missed), this file, package-lock.json (PGlite's and drizzle's
 * versions), the agency's calendar day the seed is dated from and the session secret (the keyed
 * hashes of personal numbers). A change to any of them makes a new pair; an unchanged checkout
 * reuses the last one. A test database whose day or secret differs from the template's (a faked
 * clock) is still seeded the old way.
 */
import type { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPersonalNumber } from '../../server/auth/bank-id/personal-number.ts';
import { ensureDemoData } from '../../server/db/bootstrap.ts';
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

const repository = fileURLToPath(new URL('../../', import.meta.url));
/** Where the pairs of tarballs are kept, one folder per fingerprint (gitignored). */
export const templateCache = path.join(repository, '.cache', 'test-templates');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|sql|json|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(folder, name))
    .sort();
}

/** A hash of everything the tarballs are made from (see the comment at the top). */
export function templateFingerprint(options: { day?: string; root?: string } = {}): string {
  const { day = todayIso(), root = repository } = options;
  const hash = createHash('sha256').update(`day ${day}\nsecret ${secretProbe()}\n`);
  const files = [
    ...sourceFiles(path.join(root, 'server')),
    fileURLToPath(import.meta.url),
    path.join(root, 'package-lock.json'),
  ];
  for (const file of files) {
    hash
      .update(`${path.relative(root, file)}\n`)
      .update(readFileSync(file))
      .update('\n');
  }
  return hash.digest('hex').slice(0, 32);
}

/** A folder another run is still building (its process is alive). */
function isBuilding(name: string): boolean {
  const pid = /\.(\d+)\.building$/.exec(name)?.[1];
  if (!pid) return false;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    return false;
  }
}

async function build(folder: string, day: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    await dump(handle, path.join(folder, 'migrated.tar'));
    // Passwords hashed with the cheap argon2 parameters, as createTestDatabase seeds them.
    await ensureDemoData(handle, { fastHashes: true });
    await dump(handle, path.join(folder, 'seeded.tar'));
    writeFileSync(path.join(folder, 'day'), day);
  } finally {
    await handle.close();
  }
}

/**
 * The tarballs for this checkout and day: the cached pair when its fingerprint is current,
 * otherwise a new pair (older ones are removed). Tells the workers through the environment.
 * `day` defaults to the agency's today; a test pins it, so that a run across midnight (in the
 * agency's time zone) does not see two days.
 */
export async function prepareTemplates(
  options: {
    cache?: string;
    root?: string;
    day?: string;
    log?: (line: string) => void;
    /** What writes the pair into a folder: the real build (PGlite, migrations, seed) unless a test of the caching gives its own. */
    build?: (folder: string, day: string) => Promise<void>;
  } = {},
): Promise<{ folder: string; info: TemplateInfo; reused: boolean }> {
  const cache = options.cache ?? templateCache;
  const day = options.day ?? todayIso();
  const print = templateFingerprint({ day, root: options.root });
  const folder = path.join(cache, print);
  const reused = existsSync(path.join(folder, 'day'));
  if (!reused) {
    options.log?.(`test database templates: building (${print})`);
    mkdirSync(cache, { recursive: true });
    // Built beside, then renamed: a run that starts meanwhile never sees half a pair.
    const building = path.join(cache, `${print}.${process.pid}.building`);
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building);
    await (options.build ?? build)(building, day);
    try {
      renameSync(building, folder);
    } catch {
      // Another run finished the same pair first: keep theirs.
      rmSync(building, { recursive: true, force: true });
    }
    for (const other of readdirSync(cache)) {
      if (other === print || isBuilding(other)) continue;
      rmSync(path.join(cache, other), { recursive: true, force: true });
    }
  }
  const info: TemplateInfo = {
    day,
    secret: secretProbe(),
    migrated: path.join(folder, 'migrated.tar'),
    seeded: path.join(folder, 'seeded.tar'),
  };
  process.env[templateVariable] = JSON.stringify(info);
  return { folder, info, reused };
}

export function forgetTemplates(): void {
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
