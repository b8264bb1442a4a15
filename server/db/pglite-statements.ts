/**
 * PGlite that keeps its statements prepared (decision 111, issue 28). PGlite's own `query` sends a
 * statement as six protocol steps, each a call into the WebAssembly Postgres of its own (parse,
 * describe, bind, describe, execute, sync), and Postgres parses and plans the statement every time.
 * The embedded database is the portal's default and what every test runs on; in a profile of the
 * dashboard that cost was 44 % of the page's CPU. Here a statement is parsed once under a name, as
 * the JDBC driver's statement cache does: later runs of the same text are one call (bind, execute,
 * sync), and after a few runs Postgres keeps a generic plan. On PostgreSQL the pages' own
 * statements are prepared by drizzle (decision 075); the pool's connections are not touched by this.
 *
 * What is kept: the statements a page sends (SELECT, INSERT, UPDATE, DELETE, WITH), at most
 * `statementLimit` of them (200); the least recently used is closed when a new one comes.
 * Everything else (DDL, BEGIN, COPY with a file, a statement given parameter types) goes through
 * PGlite's own path unchanged. Locks, transactions, errors and results are PGlite's: the same
 * mutexes, the error PGlite throws (with the query and its parameters), the result its own parser
 * builds.
 */
import {
  PGlite,
  parse,
  protocol,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { concatBytes } from '../bytes.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** PGlite's options, and how many statements are kept prepared at most. */
export type KeepingOptions = PGliteOptions & { statementLimit?: number };

interface Prepared {
  name: string;
  /** The types Postgres inferred for the parameters: each value is serialized for its type, as PGlite does. */
  parameterTypes: number[];
  /** The row description of the statement's result; none for a statement that returns no rows. */
  rows: BackendMessage | undefined;
}

/** The statements worth keeping: what a request runs again and again. */
const keepable = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * SQLSTATEs that mean a kept statement can no longer run as prepared: its plan's result type
 * changed under it ("cached plan must not change result type", 0A000, after DDL), or the backend
 * forgot it (26000). It is prepared again. 0A000 names other unsupported features too; a statement
 * that failed for one of them changed nothing, so running it again outside a transaction only
 * gives the same error.
 */
const staleStatement = new Set(['0A000', '26000']);

export class StatementCachingPGlite extends PGlite {
  readonly #kept = new Map<string, Prepared>();
  #closing: string[] = [];
  #counter = 0;
  readonly #limit: number;

  constructor(dataDir: string, options: KeepingOptions = {}) {
    const { statementLimit = 200, ...pgliteOptions } = options;
    super(dataDir, pgliteOptions);
    this.#limit = statementLimit;
  }

  /** Opens the database (as `PGlite.create`, which always builds a plain PGlite). */
  static async open(dataDir: string, options: KeepingOptions = {}): Promise<StatementCachingPGlite> {
    const db = new StatementCachingPGlite(dataDir, options);
    await db.waitReady;
    return db;
  }

  /** How many statements are kept prepared now (for the tests). */
  get keptStatements(): number {
    return this.#kept.size;
  }

  override async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#keeps(query, options)) return super.query<T>(query, params, options);
    await this._checkReady();
    // As PGlite's own query: not while a transaction holds the database.
    return this._runExclusiveTransaction(async () => {
      const result = await this._runExclusiveQuery(() => this.#run<T>(query, params, options, true));
      await this.syncToFs();
      return result;
    });
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const kept: Transaction = {
        query: async <R>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
          if (!this.#keeps(query, options)) return tx.query<R>(query, params, options);
          if (tx.closed) throw new Error('Transaction is closed');
          return this._runExclusiveQuery(() => this.#run<R>(query, params, options, false));
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (query, options) => tx.exec(query, options),
        rollback: () => tx.rollback(),
        listen: (channel, listener) => tx.listen(channel, listener),
        get closed() {
          return tx.closed;
        },
      };
      return callback(kept);
    });
  }

  #keeps(query: string, options?: QueryOptions): boolean {
    return !options?.blob && !options?.paramTypes && keepable.test(query);
  }

  /** Runs a kept statement (preparing it first if it is new); the caller holds PGlite's query lock. */
  async #run<T>(
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
    retry: boolean,
  ): Promise<Results<T>> {
    const statement = this.#kept.get(query) ?? (await this.#prepare(query, params, options));
    // Most recently used last: the first entry is the one to close when the limit is reached.
    this.#kept.delete(query);
    this.#kept.set(query, statement);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[i]!;
      const serialize = options?.serializers?.[type] ?? this.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.execProtocol(
        join([
          protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      ));
    } catch (error) {
      if (error instanceof protocol.messages.DatabaseError && error.code && staleStatement.has(error.code)) {
        this.#forget(query);
        // Outside a transaction nothing was changed: the statement is prepared again and run. Inside
        // one, the transaction is aborted; the next run prepares it again.
        if (retry) return this.#run<T>(query, params, options, false);
      }
      throw withQuery(error, query, params, options);
    }
    // The caller's parsers (drizzle gives a few with every query) in front of PGlite's: PGlite's
    // parseResults would copy all of its own (one per type and array type) for every query.
    const parsers = options?.parsers
      ? Object.assign(Object.create(this.parsers) as PGlite['parsers'], options.parsers)
      : this.parsers;
    return parse.parseResults(
      statement.rows ? [statement.rows, ...messages] : messages,
      parsers,
      options?.parsers ? { ...options, parsers: undefined } : options,
    )[0] as Results<T>;
  }

  /** Parses the statement under a new name and reads its parameter and row descriptions. */
  async #prepare(query: string, params: unknown[], options: QueryOptions | undefined): Promise<Prepared> {
    if (this.#kept.size >= this.#limit) {
      const [oldest] = this.#kept.keys();
      if (oldest !== undefined) this.#forget(oldest);
    }
    const name = `pglite_kept_${++this.#counter}`;
    const closing = this.#closing.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    this.#closing = [];
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.execProtocol(
        join([
          ...closing,
          protocol.serialize.parse({ name, text: query, types: [] }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      ));
    } catch (error) {
      throw withQuery(error, query, params, options);
    }
    const description = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    return {
      name,
      parameterTypes: description?.dataTypeIDs ?? [],
      rows: messages.find((m) => m.name === 'rowDescription'),
    };
  }

  /** Drops a kept statement; it is closed in the backend with the next statement prepared. */
  #forget(query: string): void {
    const statement = this.#kept.get(query);
    if (!statement) return;
    this.#kept.delete(query);
    this.#closing.push(statement.name);
  }
}

/** The error as PGlite's own query throws it: with the query, its parameters and options. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** Protocol messages sent to PGlite in one call. */
function join(parts: Uint8Array[]): Uint8Array {
  return concatBytes(
    parts,
    parts.reduce((sum, part) => sum + part.length, 0),
  );
}
