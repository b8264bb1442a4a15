/**
 * Where uploaded files live: outside the web root, behind an object-store interface so that a
 * bucket (S3, Azure Blob, …) can replace the folder without touching the callers. Files are
 * written from a stream and read as a stream; nothing holds a whole file in memory.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { env } from '../env.ts';

export interface ObjectStore {
  /** Writes the bytes of `body` under `key`; resolves when they are durably stored. */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** The stored bytes as a stream; rejects when the key is unknown. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const keyPattern = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** A folder on the local disk (the default: DATA_DIR/uploads, never under public/ or build/). */
export class FolderStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!keyPattern.test(key) || key.includes('..')) throw new Error('invalid storage key');
    return path.join(this.root, key);
  }

  async put(key: string, body: AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await pipeline(Readable.from(body), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    await stat(target);
    return createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}

const holderKey = Symbol.for('debtor-portal.object-store');
type Holder = { [holderKey]?: ObjectStore };

/** The process's store: set by the server (or a test), otherwise the folder under DATA_DIR. */
export function objectStore(): ObjectStore {
  const holder = globalThis as Holder;
  holder[holderKey] ??= new FolderStore(path.resolve(env().DATA_DIR, 'uploads'));
  return holder[holderKey];
}

export function setObjectStore(store: ObjectStore): void {
  (globalThis as Holder)[holderKey] = store;
}
