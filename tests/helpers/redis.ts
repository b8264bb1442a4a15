/**
 * Redis for the tests that need it (issue 25): TEST_REDIS_URL when given; otherwise a
 * `redis-server` of the test's own on a free port, without persistence, stopped after the file.
 * Where neither is available the caller skips with the reason this returns (and prints it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './ports.ts';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/** Why the tests cannot have a Redis here, or null when they can. */
export function redisUnavailable(): string | null {
  if (process.env.TEST_REDIS_URL) return null;
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    return 'no TEST_REDIS_URL given and no redis-server on PATH (Debian: apt-get install redis-server)';
  }
  return null;
}

export async function startTestRedis(): Promise<TestRedis> {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, stop: async () => {} };
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  // Ready when it answers PING; a server that exits (port taken meanwhile) fails the start.
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {}); // refused while the server starts: the loop below tries again
  try {
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') break;
      } catch (error) {
        client.disconnect();
        if (attempt > 100) throw new Error(`redis-server did not answer on ${url}: ${String(error)} ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.disconnect();
  }
  return { url, stop };
}
