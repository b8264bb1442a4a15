/**
 * File storage in a folder on disk (the default: DATA_DIR). Several instances share it when it
 * is one volume mounted on each (NFS, a cloud file share, a Kubernetes ReadWriteMany volume).
 *
 * A write goes to a hidden temporary name beside its target (".<name>.<random>.partial"), is
 * flushed to disk, and is then renamed onto the key. A rename within one folder is atomic, so a
 * reader on any instance sees the whole file or none; a process killed mid-write leaves only the
 * hidden temporary file, which no key can name (keys never start with a dot), `list` skips, and
 * `removeAbandoned` deletes later. A full disk or quota (ENOSPC, EDQUOT) is a StorageFullError.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StorageFullError, type FileStorage, type StoredFile } from './files.ts';

const partialSuffix = '.partial';
const isPartial = (name: string) => name.startsWith('.') && name.endsWith(partialSuffix);

export interface FolderStorageOptions {
  /** For tests only: runs after the bytes are written and flushed, before the rename. */
  beforeRename?: (temporaryPath: string) => Promise<void> | void;
}

function isNoSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Resolves once the stream has let go of its file (destroying it if nothing else did). */
function closed(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.destroy();
  });
}

export class FolderStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly options: FolderStorageOptions = {},
  ) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Uint8Array | AsyncIterable<Uint8Array> | Readable): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    const temporary = path.join(folder, `.${path.basename(target)}.${randomBytes(8).toString('hex')}${partialSuffix}`);
    let writer: WriteStream | undefined;
    try {
      await mkdir(folder, { recursive: true });
      const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.from(body);
      // flush: the bytes reach the disk before the file gets its name (fsync on close).
      writer = createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true });
      await pipeline(source, writer);
      await this.options.beforeRename?.(temporary);
      await rename(temporary, target);
    } catch (error) {
      // When the body fails, pipeline settles without waiting for the file stream, whose open may
      // still be on its way (a busy disk): removed now, the file would be created after the rm.
      if (writer && !writer.closed) await closed(writer);
      await rm(temporary, { force: true }).catch(() => undefined);
      if (isNoSpace(error)) throw new StorageFullError({ cause: error });
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { sizeBytes: info.size, body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    for (const { relative, name } of await this.walk()) {
      if (!name.startsWith('.') && relative.startsWith(prefix)) keys.push(relative);
    }
    return keys.sort();
  }

  async removeAbandoned(before: Date): Promise<number> {
    let removed = 0;
    for (const { full, name } of await this.walk()) {
      if (!isPartial(name)) continue;
      const info = await stat(full).catch(() => null);
      if (info && info.mtime < before) {
        await rm(full, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Every file below the root, with its key-like relative path. */
  private async walk(): Promise<Array<{ full: string; relative: string; name: string }>> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (error: { code?: string }) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return { full, name: entry.name, relative: path.relative(this.root, full).split(path.sep).join('/') };
      });
  }
}
