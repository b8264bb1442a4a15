/**
 * The one interface behind which every stored file lives: the debtors' uploads and the portal's
 * documents (creditors' invoices, the PDFs it creates). Two adapters implement it, chosen by
 * FILE_STORAGE in server/env.ts: a folder (`folder.ts`; a shared volume when several instances
 * run) and an S3-compatible bucket (`s3.ts`). Callers see keys, never paths or URLs.
 *
 * Every adapter promises the same three things:
 * - a file is visible under its key only once it is complete (a crash while writing leaves
 *   nothing behind that `open`, `exists` or `list` would show);
 * - a store that has no room left says so with `StorageFullError`, whatever its own error is;
 * - keys are relative paths of safe segments (`isSafeKey`), so a key never leaves the store.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  sizeBytes: number;
  /** The file's bytes as a web stream, read lazily. */
  body: ReadableStream<Uint8Array>;
}

export interface FileStorage {
  /** Stores `body` under `key` and resolves once it is complete; until then the key shows nothing new. */
  put(key: string, body: Uint8Array | AsyncIterable<Uint8Array> | Readable): Promise<void>;
  /** Null when nothing is stored under the key. */
  open(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the key; nothing stored under it is fine. */
  delete(key: string): Promise<void>;
  /** The complete files below `prefix` ("" for all), as keys relative to this store. */
  list(prefix?: string): Promise<string[]>;
  /**
   * Removes what writes cut short by a crash left behind (a folder's temporary files; a bucket's
   * unfinished multipart uploads) when older than `before`; returns how many.
   */
  removeAbandoned(before: Date): Promise<number>;
}

/** The store has no room left (a full disk or quota, a full bucket). Nothing was stored. */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL';
  constructor(options?: { cause?: unknown }) {
    super('file storage is full', options);
    this.name = 'StorageFullError';
  }
}

export function isStorageFull(error: unknown): error is StorageFullError {
  return error instanceof StorageFullError;
}

/** Keys are relative paths of safe segments ("invoices/RE-2025-1.pdf"); never "..", never absolute, never hidden. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 200 &&
    key.split('/').every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'))
  );
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error('unsafe storage key');
}

/** A view of `storage` below one folder (`uploads`, `documents`): keys are relative to it. */
export function within(storage: FileStorage, folder: string): FileStorage {
  assertSafeKey(folder);
  const full = (key: string) => {
    assertSafeKey(key);
    return `${folder}/${key}`;
  };
  return {
    put: (key, body) => storage.put(full(key), body),
    open: (key) => storage.open(full(key)),
    exists: (key) => storage.exists(full(key)),
    delete: (key) => storage.delete(full(key)),
    list: async (prefix = '') =>
      (await storage.list(prefix ? `${folder}/${prefix}` : `${folder}/`)).map((key) => key.slice(folder.length + 1)),
    removeAbandoned: (before) => storage.removeAbandoned(before),
  };
}
