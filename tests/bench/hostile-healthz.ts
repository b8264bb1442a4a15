/**
 * Issue 31, "Show it": no hostile request may delay /healthz by more than 100 ms, measured from
 * outside against a real server. `npm run bench:hostile` starts the built portal as a child
 * process (as `npm run start:prod` does, on DATABASE_URL when set, else the embedded database),
 * or measures the one at HOSTILE_URL. A probe asks /healthz every 10 ms on a kept-alive
 * connection; first a quiet phase gives the probe's own latency, then each hostile request of the
 * attack is sent in waves (HOSTILE_WAVES, default 12, of HOSTILE_PARALLEL at once, default 1; the
 * attack sent 12 at once) while the probe keeps asking. For each phase: the answers' statuses,
 * the probe's median and worst latency, the delay (worst minus the quiet median), and the
 * server's CPU time per request (24 sent one after another, from /proc; what one request can
 * hold the event loop for at most, which a machine busy with other work disturbs far less).
 * Prints a table and writes bench-results/hostile-healthz.json; exits with 1 when a phase delays
 * the probe by more than 100 ms or any answer is a 5xx. Measured, never asserted in a test: a
 * machine busy with other work adds its own delays, so the figure is read together with the
 * quiet phase's.
 *
 * Environment: HOSTILE_URL (a running portal; nothing is started), HOSTILE_PORT (default: a free port),
 * HOSTILE_WAVES, HOSTILE_PARALLEL.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { ensureBuild } from '../helpers/build.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.HOSTILE_PORT ? Number(process.env.HOSTILE_PORT) : undefined;
const waves = Number(process.env.HOSTILE_WAVES ?? 12);
const parallel = Number(process.env.HOSTILE_PARALLEL ?? 1);
const allowedDelayMs = 100;

interface Answer {
  status: number;
}

/** One request exactly as written over a new socket; the status of the answer (0: none). */
function raw(origin: URL, head: string[], body: string | Buffer = ''): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(origin.port), origin.hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0) }));
    socket.on('error', () => resolve({ status: 0 }));
    socket.once('connect', () => {
      const length = Buffer.byteLength(body);
      socket.write(`${[...head, `Content-Length: ${length}`, 'Connection: close'].join('\r\n')}\r\n\r\n`);
      socket.write(body);
    });
  });
}

const boundary = '----hostile-bench';
const form = (origin: URL) => [
  `Host: ${origin.host}`,
  `Origin: ${origin.origin}`,
  'Content-Type: application/x-www-form-urlencoded',
];
const multipart = (origin: URL) => [
  `Host: ${origin.host}`,
  `Origin: ${origin.origin}`,
  `Content-Type: multipart/form-data; boundary=${boundary}`,
];
const part = (name: string | null, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data${name === null ? '' : `; name="${name}"`}\r\n\r\n${value}\r\n`;

/** The hostile requests of issue 31 (findings 1, 3 and 4), each as one request, after a page for reference. */
const phases: Array<{ name: string; send: (origin: URL) => Promise<Answer> }> = [
  {
    name: 'reference: the feedback page, GET',
    send: (o) => raw(o, ['GET /serviceportal/feedback HTTP/1.1', `Host: ${o.host}`]),
  },
  {
    name: '30,000 repeats of one name, url-encoded (120 KiB) to /feedback',
    send: (o) => raw(o, ['POST /serviceportal/feedback HTTP/1.1', ...form(o)], Array(30_000).fill('stars=5').join('&')),
  },
  {
    name: '30,000 distinct names, url-encoded to /feedback',
    send: (o) =>
      raw(
        o,
        ['POST /serviceportal/feedback HTTP/1.1', ...form(o)],
        Array.from({ length: 30_000 }, (_, i) => `f${i}=1`).join('&'),
      ),
  },
  {
    name: '199 names of 60 parts each, url-encoded to /signin',
    send: (o) =>
      raw(
        o,
        ['POST /serviceportal/signin HTTP/1.1', ...form(o)],
        Array.from({ length: 199 }, (_, i) => `a${i}${'[0]'.repeat(59)}=1`).join('&'),
      ),
  },
  {
    name: '20 repeats of 10 names and 128 KiB of text to /feedback',
    send: (o) =>
      raw(
        o,
        ['POST /serviceportal/feedback HTTP/1.1', ...form(o)],
        `${Array.from({ length: 199 }, (_, i) => `n${i % 10}=1`).join('&')}&comment=${'x'.repeat(120_000)}`,
      ),
  },
  {
    name: '1,000 repeats of one name, multipart to /feedback',
    send: (o) =>
      raw(
        o,
        ['POST /serviceportal/feedback HTTP/1.1', ...multipart(o)],
        `${part('stars', '5').repeat(1_000)}--${boundary}--\r\n`,
      ),
  },
  {
    name: 'a multipart part without a name to /password/reset',
    send: (o) =>
      raw(
        o,
        ['POST /serviceportal/password/reset HTTP/1.1', ...multipart(o)],
        `${part('intent', 'request')}${part(null, 'x')}--${boundary}--\r\n`,
      ),
  },
  {
    name: 'an absolute-form target naming another host',
    send: (o) => raw(o, ['GET http://evil.example/serviceportal HTTP/1.1', `Host: ${o.host}`]),
  },
];

/** /healthz every 10 ms on one kept-alive connection until stopped; the latencies in ms. */
function probe(origin: URL) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const statuses: number[] = [];
  let running = true;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(new URL('/healthz', origin), { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses.push(res.statusCode ?? 0);
          resolve();
        });
      });
      req.on('error', () => {
        statuses.push(0);
        resolve();
      });
      req.end();
    });
  const loop = (async () => {
    while (running) {
      await once();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return { latencies, statuses };
    },
  };
}

/** The CPU time the process has used so far, in ms (Linux: /proc/<pid>/stat, 10 ms ticks); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

async function main() {
  let server: ServerProcess | undefined;
  let origin: URL;
  if (process.env.HOSTILE_URL) {
    origin = new URL(process.env.HOSTILE_URL);
  } else {
    await ensureBuild();
    server = await startServerProcess(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}, {
      port,
    });
    origin = new URL(server.origin);
  }
  try {
    // The first requests of a fresh process compile and warm its code: not what is measured.
    for (const phase of phases) await phase.send(origin);

    const quietProbe = probe(origin);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const quiet = await quietProbe.stop();
    const quietMedian = median(quiet.latencies);
    const rows = [
      {
        phase: 'quiet (the probe alone, 3 s)',
        requests: 0,
        statuses: '',
        probes: quiet.latencies.length,
        medianMs: round(quietMedian),
        worstMs: round(Math.max(...quiet.latencies)),
        delayMs: 0,
        cpuMsPerRequest: null as number | null,
      },
    ];
    let failed = false;
    for (const phase of phases) {
      // The server's CPU time per request, one request after another without the probe: what a
      // request can hold the event loop for at most, whatever else the machine is doing.
      const pid = server?.child.pid;
      const cpuBefore = cpuMs(pid);
      for (let i = 0; i < 24; i++) await phase.send(origin);
      const cpuAfter = cpuMs(pid);
      const cpuMsPerRequest = cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / 24);

      const watch = probe(origin);
      const counts = new Map<number, number>();
      for (let wave = 0; wave < waves; wave++) {
        const answers = await Promise.all(Array.from({ length: parallel }, () => phase.send(origin)));
        for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
      }
      // A little longer, so a delay the last wave caused is seen too.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const seen = await watch.stop();
      const worst = Math.max(...seen.latencies);
      const delay = worst - quietMedian;
      const statuses = [...counts.entries()].map(([status, n]) => `${status}×${n}`).join(' ');
      if (delay > allowedDelayMs || [...counts.keys()].some((s) => s >= 500 || s === 0)) failed = true;
      rows.push({
        phase: phase.name,
        requests: waves * parallel,
        statuses,
        probes: seen.latencies.length,
        medianMs: round(median(seen.latencies)),
        worstMs: round(worst),
        delayMs: round(delay),
        cpuMsPerRequest,
      });
    }
    console.table(rows);
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench-results/hostile-healthz.json'),
      `${JSON.stringify({ at: new Date().toISOString(), waves, parallel, allowedDelayMs, rows }, null, 2)}\n`,
    );
    console.log(failed ? `FAILED: a phase delayed /healthz by more than ${allowedDelayMs} ms or had a 5xx` : 'ok');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await server?.stop();
  }
}

await main();
