/**
 * A PostgreSQL server of the test's own, in a temporary folder (issue 18, faults): `initdb` and
 * `pg_ctl` from the machine's PostgreSQL, a free port (or one the test gives), trust on 127.0.0.1 only.
 * The test may stop it (as a crash or an administrator would) and start it again; never the
 * machine's own server. As root (CI), the server runs as the `postgres` user (initdb refuses root).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/** Where Debian, the PostgreSQL images and a source build put initdb and pg_ctl: newest first, then PATH. */
function candidateFolders(): string[] {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    : [];
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return ['/usr/local/bin', ...debian, '/usr/local/pgsql/bin', ...onPath];
}

/** The folder with initdb and pg_ctl, or null when this machine has none. */
export function postgresBinaries(): string | null {
  return (
    candidateFolders().find(
      (folder) => existsSync(path.join(folder, 'initdb')) && existsSync(path.join(folder, 'pg_ctl')),
    ) ?? null
  );
}

/** Why a test cannot start a PostgreSQL server of its own here, or null when it can. */
export function tempPostgresUnavailable(): string | null {
  return postgresBinaries()
    ? null
    : 'initdb and pg_ctl not found in /usr/local/bin, /usr/lib/postgresql/*/bin or PATH (Debian: apt-get install postgresql)';
}

export interface TempPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/postgres (or another database name). */
  url(database?: string): string;
  /** `immediate` is a crash (connections cut, no checkpoint); `fast` an orderly stop that ends sessions. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** A server on `port`, or on a free port when none is given. */
export async function startTempPostgres(port?: number): Promise<TempPostgres> {
  port ??= await freePort();
  const bin = postgresBinaries();
  if (!bin) throw new Error('initdb/pg_ctl not found');
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  const dataDir = path.join(folder, 'data');
  await tool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = async () => {
    await tool('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'server.log'), '-w', 'start']);
  };
  let running = false;
  await start();
  running = true;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop(mode = 'fast') {
      await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async dispose() {
      if (running) await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL server for a test that needs a real one (two connections at once, a second pool):
 * TEST_DATABASE_URL when given, otherwise a server of the test's own.
 */
export async function postgresServerForTest(): Promise<{ url: string; dispose(): Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, dispose: async () => {} };
  const server = await startTempPostgres();
  return { url: server.url(), dispose: () => server.dispose() };
}

/** Why postgresServerForTest cannot give one here, or null. */
export function postgresUnavailable(): string | null {
  return process.env.TEST_DATABASE_URL ? null : tempPostgresUnavailable();
}
