/**
 * The embedded database in a thread of its own (decision 122, issue 28). In the server's own
 * thread each PGlite statement held the event loop for 0.3–0.8 ms, and the protocol's messages
 * and their parsing were garbage the server's heap collected: under a burst of first views on
 * PGlite the loop stalled two to three times as often as on PostgreSQL, and the slowest 1 % of
 * the requests waited for those stalls. The compiled server therefore runs PGlite in a worker
 * thread (./pglite-worker.ts) and talks to it through this client, which offers what drizzle's
 * PGlite driver and the agency import use of a PGlite: `query`, `exec`, `transaction` (with
 * `query`, `exec`, `rollback`, `closed`), `close`.
 *
 * The semantics are PGlite's: the thread runs each call on its one PGlite, which serialises them
 * as before; a transaction holds it until the server's callback returns. A caller's parsers,
 * which cannot cross threads, run here on the values the thread passes through as Postgres sent
 * them. An error comes back with Postgres's fields (`code`, `constraint`, …), which is all the
 * portal reads of one. While a call waits for its answer the thread keeps the process alive; an
 * idle thread does not.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { Reply, Request, SharedError, ThreadStart } from './pglite-thread-protocol.ts';

type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** What the portal uses of a PGlite, as a transaction gives it. */
export type ThreadTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

export class PGliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #next = 0;
  #failed: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (reply: Reply) => this.#answer(reply));
    // A thread that ends (a crash, an error thrown outside a call) fails every call waiting and
    // every one after it; the message reads as a closed connection (server/db/unavailable.ts).
    const end = (error: Error) => {
      this.#failed ??= new Error(`Connection terminated: the database thread ended (${error.message})`);
      for (const waiting of this.#waiting.values()) waiting.reject(this.#failed);
      this.#waiting.clear();
    };
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`exit code ${code}`)));
  }

  /**
   * Starts the thread on a data folder and waits until PGlite opened it. `script` and `options`
   * are the worker's (the tests start the entry from source through tsx, as code to evaluate).
   */
  static async open(script: URL | string, start: ThreadStart, options: WorkerOptions = {}): Promise<PGliteThread> {
    const worker = new Worker(script, { ...options, workerData: start });
    const thread = new PGliteThread(worker);
    try {
      await thread.#wait(0);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  async exec(text: string): Promise<Array<Results>> {
    return (await this.#call({ op: 'exec', text })) as Array<Results>;
  }

  /** Runs `callback` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        open();
        return this.#query<R>(id, text, params, options);
      },
      exec: async (text: string) => {
        open();
        return (await this.#call({ op: 'exec', text, tx: id })) as Array<Results>;
      },
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Closes the database (PGlite writes what it holds to the folder) and ends the thread. */
  async close(): Promise<void> {
    if (!this.#failed) await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }

  /** Ends the thread without closing the database, as a crash would: every call waiting fails. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  async #query<T>(
    tx: number | undefined,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    if (options?.serializers || options?.onNotice || options?.paramTypes)
      throw new Error('PGliteThread: serializers, onNotice and paramTypes are not supported across the thread');
    const parsers = options?.parsers;
    const raw = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = (await this.#call({
      op: 'query',
      text,
      params,
      ...(tx === undefined ? {} : { tx }),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(raw ? { raw } : {}),
      ...(options?.blob ? { blob: options.blob } : {}),
    })) as Results<T>;
    if (parsers) parseRaw(result, parsers, options?.rowMode === 'array');
    return result;
  }

  #call(call: Call): Promise<unknown> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = ++this.#next;
    const answer = this.#wait(id);
    this.#worker.postMessage({ ...call, id } as Request);
    return answer;
  }

  #wait(id: number): Promise<unknown> {
    if (this.#waiting.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
  }

  #answer(reply: Reply): void {
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuild(reply.error));
  }
}

/** Applies the caller's parsers to the values of their types, which the thread left as text. */
function parseRaw(result: Results<unknown>, parsers: ParserOptions, arrays: boolean): void {
  const columns = result.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    return parser ? [{ index, name: field.name, parser }] : [];
  });
  if (columns.length === 0) return;
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const column of columns) {
      const key = arrays ? column.index : column.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = column.parser(value);
    }
  }
}

/** The thread's error as an Error with Postgres's fields, as PGlite throws it. */
function rebuild(shared: SharedError): Error {
  const error = new Error(shared.message);
  Object.assign(error, shared.fields);
  if (!('name' in shared.fields)) error.name = shared.name;
  return error;
}
