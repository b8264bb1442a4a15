/**
 * The built portal as a child process, started as `npm run start:prod` starts it
 * (`node build/server/server.js` with NODE_ENV=production): for the tests of the
 * production run and the faults (issue 18). Its JSON log lines are collected, so a test waits
 * for what the server says rather than for time. These tests need the build: they make it in
 * their `beforeAll` when it is missing or stale (tests/helpers/build.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverCommand } from '../../scripts/server-command.mjs';
import { freePort } from './ports.ts';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  dataDir: string;
  logs: LogLine[];
  /** Everything the process wrote that was not a JSON log line. */
  output(): string;
  /** Resolves with the first log line (already written or still to come) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** The server on a free port (or `options.port`), with `vars` added to its environment. */
export async function startServerProcess(
  vars: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prod-'));
  const command = serverCommand({
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // A production start (no demo files to seed, so it is up in seconds) with the sandbox
      // provider chosen explicitly, on a secret of its own.
      NODE_ENV: 'production',
      DEMO: 'false',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      MAINTENANCE_FILE: path.join(dataDir, 'maintenance.json'),
      ...vars,
    },
  });
  const child = spawn(process.execPath, command.args, {
    env: command.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let other = '';
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        other += `${text}\n`;
        continue;
      }
      logs.push(line);
      for (const waiter of waiters) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (other += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 60_000) => {
    const found = logs.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LogLine>((resolve, reject) => {
      const waiter = {
        match,
        resolve: (line: LogLine) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no such log line within ${timeoutMs} ms; output:\n${other}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then((code) => {
        if (!waiters.has(waiter)) return;
        waiters.delete(waiter);
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before the log line; output:\n${other}`));
      });
    });
  };

  const server: ServerProcess = {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    output: () => other,
    waitForLog,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForLog((line) => typeof line.msg === 'string' && line.msg.startsWith('portal listening'));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
