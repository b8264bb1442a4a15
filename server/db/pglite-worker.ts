/**
 * The embedded database in a thread of its own (decision 122): the worker entry of the compiled
 * server (build/server/pglite-worker.js). It opens PGlite on the data folder it is given, keeping
 * its statements prepared (decision 111), and answers what server/db/pglite-thread.ts sends: a
 * query, a script, a transaction begun and ended, the folder's close. PGlite's WebAssembly
 * Postgres, the protocol it speaks and the parsing of its answers run here, so a statement no
 * longer holds the server's event loop and none of their garbage is the server's to collect.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Transaction } from '@electric-sql/pglite';
import { StatementCachingPGlite } from './pglite-statements.ts';
import type { Reply, Request, SharedError, ThreadStart } from './pglite-thread-protocol.ts';

if (!parentPort) throw new Error('pglite-worker: started outside a worker thread');
const port = parentPort;
const start = workerData as ThreadStart;

/** Each open transaction: its PGlite handle and how to end the callback PGlite waits on. */
interface Open {
  tx: Transaction;
  end: (commit: boolean) => void;
}
const open = new Map<number, Open>();
let nextTransaction = 0;

/** A value passed through as Postgres sent it, for each type the caller parses itself. */
const passThrough = (value: string) => value;
const parserSets = new Map<string, ParserOptions>();
function parsersFor(types: number[] | undefined): ParserOptions | undefined {
  if (!types?.length) return undefined;
  const key = types.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, passThrough]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** The error as plain data: its name, message and Postgres's fields (code, detail, constraint …). */
function share(error: unknown): SharedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || key === 'queryOptions') continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const database = StatementCachingPGlite.open(
  start.dataDir,
  start.loadDataDir ? { loadDataDir: start.loadDataDir } : {},
);

async function handle(request: Request): Promise<unknown> {
  const db = await database;
  switch (request.op) {
    case 'query': {
      const options: QueryOptions = { rowMode: request.rowMode };
      const parsers = parsersFor(request.raw);
      if (parsers) options.parsers = parsers;
      if (request.blob) options.blob = request.blob;
      const runner = request.tx === undefined ? db : transaction(request.tx);
      // Plain data (rows, fields, counts, a COPY TO's blob): cloned to the server as it is.
      return await runner.query(request.text, request.params, options);
    }
    case 'exec': {
      const runner = request.tx === undefined ? db : transaction(request.tx);
      return await runner.exec(request.text);
    }
    case 'begin': {
      const id = ++nextTransaction;
      // Answered once PGlite runs the callback (BEGIN done, the database held); failed when
      // BEGIN itself failed. The callback then waits for `end`.
      return await new Promise<number>((answer, fail) => {
        const done = db.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              open.set(id, { tx, end: (commit) => (commit ? resolve() : reject(new RolledBack())) });
              answer(id);
            }),
        );
        ended.set(
          id,
          done.then(
            () => undefined,
            (error: unknown) => error,
          ),
        );
        done.catch(fail);
      });
    }
    case 'rollback': {
      await transaction(request.tx).rollback();
      return null;
    }
    case 'end': {
      const entry = open.get(request.tx);
      const outcome = ended.get(request.tx);
      if (!entry || !outcome) throw new Error('Transaction is closed');
      open.delete(request.tx);
      ended.delete(request.tx);
      entry.end(request.commit);
      const error = await outcome;
      if (error && !(error instanceof RolledBack)) throw error;
      return null;
    }
    case 'close': {
      await db.close();
      return null;
    }
  }
}

/** How each transaction ended: undefined when committed, the error when not. */
const ended = new Map<number, Promise<unknown>>();

/** Ends a transaction the server asked to roll back (its callback's failure, not PGlite's). */
class RolledBack extends Error {}

function transaction(id: number): Transaction {
  const entry = open.get(id);
  if (!entry) throw new Error('Transaction is closed');
  return entry.tx;
}

port.on('message', (request: Request) => {
  handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: share(error) } satisfies Reply),
  );
});

// The folder opened (or not): the server waits for this before its first query.
database.then(
  () => port.postMessage({ id: 0, ok: true, value: null } satisfies Reply),
  (error: unknown) => port.postMessage({ id: 0, ok: false, error: share(error) } satisfies Reply),
);
