/**
 * Document storage outside the web root: creditor documents (original invoices) and the PDFs the
 * portal creates. The portal never serves this folder directly; a route checks that the document
 * belongs to the session's file and then streams it.
 *
 * The folder store is the default; another backend (an object store) implements the same
 * interface.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { env } from '../env.ts';

export interface StoredDocument {
  sizeBytes: number;
  /** The document's bytes as a web stream, read lazily. */
  body: ReadableStream<Uint8Array>;
}

export interface DocumentStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Null when no document is stored under the key. */
  open(key: string): Promise<StoredDocument | null>;
}

/** Keys are relative paths of safe segments ("invoices/RE-2025-1.pdf"); never "..", never absolute. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 200 &&
    key.split('/').every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && !segment.includes('..'))
  );
}

export function folderStore(root: string): DocumentStore {
  const resolve = (key: string): string => {
    if (!isSafeKey(key)) throw new Error('unsafe document key');
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside, then rename: a reader never sees half a document.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    async exists(key) {
      return stat(resolve(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async open(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { sizeBytes: info.size, body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
    },
  };
}

/** The store configured for this process: a folder under DATA_DIR. */
export function documentStore(): DocumentStore {
  return folderStore(path.resolve(env().DATA_DIR, 'documents'));
}
