/**
 * Several instances of the built portal (build/server/server.js, compiled) as child processes, the
 * way they run behind a load balancer: one PostgreSQL database, one shared storage folder, each
 * with its own DATA_DIR (nothing else on disk is shared). Used by tests/db/instances.test.ts and
 * tests/bench/instances.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { sql } from 'drizzle-orm';
import { serverCommand } from '../../scripts/server-command.mjs';
import type { TestDatabase } from './db.ts';

export interface Instance {
  name: string;
  origin: string;
  port: number;
  child: ChildProcess;
  /** Every line it logged (pino JSON). */
  logs: string[];
}

export interface InstanceOptions {
  name: string;
  port: number;
  databaseUrl: string;
  storageDir: string;
  env?: Record<string, string>;
}

export function startInstance(options: InstanceOptions): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${options.name}-`));
  const command = serverCommand({
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      DEMO: 'true',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      FILE_STORAGE: 'folder',
      FILE_STORAGE_DIR: options.storageDir,
      LOG_LEVEL: 'info',
      ...options.env,
    },
  });
  const child = spawn(process.execPath, command.args, {
    env: command.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { name: options.name, port: options.port, origin: `http://127.0.0.1:${options.port}`, child, logs };
}

/** Resolves when /readyz answers 200 (database reachable, migrations applied). */
export async function waitUntilReady(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited (${instance.child.exitCode}):\n${instance.logs.slice(-20).join('\n')}`);
    const ready = await fetch(`${instance.origin}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${instance.name} not ready after ${timeoutMs} ms:\n${instance.logs.slice(-20).join('\n')}`);
}

export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** One cookie jar for all instances, as a browser behind one load balancer keeps it. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

/** A request to one instance with the shared jar; redirects are returned, not followed. */
export async function call(
  instance: Instance,
  jar: CookieJar,
  pathname: string,
  init: { method?: string; form?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: instance.origin, ...init.headers };
  const cookie = jar.header();
  if (cookie) headers.Cookie = cookie;
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(`${instance.origin}${pathname}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  jar.take(response);
  return response;
}

/** Fetches a captcha challenge from `instance` and solves it (a browser's widget does the same). */
export async function solvedCaptcha(instance: Instance, jar: CookieJar): Promise<string> {
  const response = await call(instance, jar, '/serviceportal/captcha');
  const challenge = (await response.json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('captcha not solvable');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

/** Two instances on one database and one shared storage folder, as behind a load balancer. */
export interface InstancePair {
  a: Instance;
  b: Instance;
  /** The storage folder both write to and read from. */
  storageDir: string;
  /** Stops both and removes the shared folder. */
  stop(): Promise<void>;
}

/**
 * Starts instances `a` and `b` at once on `databaseUrl` with a fresh shared storage folder and the
 * same environment, and resolves when both are ready (on failure both are stopped first).
 */
export async function startPair(options: {
  ports: readonly [number, number];
  databaseUrl: string;
  env: Record<string, string>;
  readyMs: number;
}): Promise<InstancePair> {
  const storageDir = mkdtempSync(path.join(tmpdir(), 'portal-shared-storage-'));
  const [a, b] = (['a', 'b'] as const).map((name, index) =>
    startInstance({
      name,
      port: options.ports[index]!,
      databaseUrl: options.databaseUrl,
      storageDir,
      env: options.env,
    }),
  ) as [Instance, Instance];
  const stop = async () => {
    await Promise.all([a, b].map((instance) => stopInstance(instance)));
    rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([waitUntilReady(a, options.readyMs), waitUntilReady(b, options.readyMs)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { a, b, storageDir, stop };
}

/** The URL of a test database (tests/helpers/db.ts) on the PostgreSQL server it was made on, for instances. */
export async function databaseUrlOf(database: TestDatabase, serverUrl: string): Promise<string> {
  const result = await database.db.execute(sql`select current_database() as name`);
  const url = new URL(serverUrl);
  url.pathname = `/${(result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name}`;
  return url.toString();
}

/** Signs in through the form on `on`, with a captcha solved on `captchaFrom` (the same by default). */
export async function signInByForm(
  on: Instance,
  jar: CookieJar,
  fields: Record<string, string>,
  captchaFrom: Instance = on,
): Promise<Response> {
  return call(on, jar, '/serviceportal/signin', {
    form: { privacy: 'on', altcha: await solvedCaptcha(captchaFrom, jar), ...fields },
  });
}
