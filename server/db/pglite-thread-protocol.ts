/**
 * What the server and the embedded database's thread say to each other (decision 122): the
 * server's requests, each with an id, and the thread's replies to them. Everything here crosses
 * between the threads by structured clone, so it is plain data: no functions (a caller's parsers
 * run on the server's side), errors as their fields.
 */
import type { RowMode } from '@electric-sql/pglite';

/** What the thread is started with (`workerData`). */
export interface ThreadStart {
  dataDir: string;
  /** A tarball of a data folder to start from (decision 054). */
  loadDataDir?: Blob;
}

type Scope = { tx?: number };

export type Request = { id: number } & (
  | (Scope & {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: RowMode;
      /** Types whose values come back as Postgres sent them: the caller parses them. */
      raw?: number[];
      blob?: Blob;
    })
  | (Scope & { op: 'exec'; text: string })
  | { op: 'begin' }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

/** An error as plain data: Postgres's fields (code, detail, constraint, …) beside its message. */
export interface SharedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** A reply; id 0 says whether the database opened. */
export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SharedError });
