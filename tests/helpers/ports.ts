/**
 * Free TCP ports on 127.0.0.1 for servers a test cannot ask to listen on port 0 itself (a child
 * process given PORT, a PostgreSQL or Redis server given -p): the kernel picks them, the probes
 * close, and the caller starts its servers there. Fixed ports collided when several test runs
 * shared a machine (issue 25).
 */
import { createServer } from 'node:net';

function probe(): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no port assigned'));
      resolve({ port: address.port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** Distinct free ports: every probe stays open until all are known, so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(Array.from({ length: count }, probe));
  await Promise.all(probes.map((p) => p.close()));
  return probes.map((p) => p.port);
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}
