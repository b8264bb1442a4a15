/**
 * The folder storage (a shared volume when several instances run): a file is visible only once
 * it is complete. A process killed while writing (issue 18: "the process is killed during an
 * upload") leaves no file under the key, nothing listed or served, and the retry succeeds; a
 * full disk is a StorageFullError with nothing left behind.
 */
import { spawn } from 'node:child_process';
import type * as NodeFs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageFullError, within } from './files.ts';
import { FolderStorage } from './folder.ts';

/** A busy disk: the write stream's open takes 50 ms when a test asks for it. */
const disk = vi.hoisted(() => ({ slowOpen: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const slowFs = {
    ...fs,
    open: (...args: unknown[]) => setTimeout(() => (fs.open as (...a: unknown[]) => void)(...args), 50),
  };
  const createWriteStream: typeof fs.createWriteStream = (file, options) =>
    fs.createWriteStream(file, disk.slowOpen && typeof options === 'object' ? { ...options, fs: slowFs } : options);
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

const crashScript = fileURLToPath(new URL('./crash-during-write.ts', import.meta.url));
const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  roots.push(root);
});

const text = async (storage: FolderStorage, key: string) => {
  const stored = await storage.open(key);
  return stored ? new Response(stored.body).text() : null;
};

/** Runs the crash script; resolves with the signal that ended it. */
function crashWhileWriting(key: string, when: 'before-rename' | 'mid-write'): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', crashScript, root, key, when], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve(signal));
  });
}

const hiddenFiles = async () =>
  (await readdir(root, { recursive: true })).map(String).filter((name) => path.basename(name).startsWith('.'));

describe('folder storage', () => {
  it('stores, lists, serves and deletes files by key; temporary files never show', async () => {
    const storage = new FolderStorage(root);
    await storage.put('uploads/7/a', new TextEncoder().encode('%PDF-1.7 a'));
    await storage.put('documents/invoices/RE-1.pdf', new TextEncoder().encode('%PDF-1.7 b'));
    expect(await storage.list()).toEqual(['documents/invoices/RE-1.pdf', 'uploads/7/a']);
    expect(await within(storage, 'uploads').list()).toEqual(['7/a']);
    expect(await text(storage, 'uploads/7/a')).toBe('%PDF-1.7 a');
    expect(await hiddenFiles()).toEqual([]);
    await storage.delete('uploads/7/a');
    expect(await storage.exists('uploads/7/a')).toBe(false);
    await expect(storage.open('uploads/../../etc/passwd')).rejects.toThrow('unsafe storage key');
    await expect(storage.open('uploads/.a.1234.partial')).rejects.toThrow('unsafe storage key');
  });

  it.each(['before-rename', 'mid-write'] as const)(
    'a process killed %s leaves nothing under the key; the retry stores the whole file',
    async (when) => {
      const storage = new FolderStorage(root);
      const key = 'uploads/12/3f2a9c';
      expect(await crashWhileWriting(key, when)).toBe('SIGKILL');

      // The write got as far as the disk (a hidden temporary file) …
      const left = await hiddenFiles();
      expect(left).toHaveLength(1);
      expect(left[0]).toMatch(/\.partial$/);
      // … but no reader sees it.
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.open(key)).toBeNull();
      expect(await storage.list()).toEqual([]);

      // The retry (the debtor sends the file again) succeeds with the whole file.
      const bytes = new Uint8Array(128 * 1024).fill(0x43);
      await storage.put(
        key,
        (async function* () {
          yield bytes.subarray(0, 1000);
          yield bytes.subarray(1000);
        })(),
      );
      const stored = await storage.open(key);
      expect(stored?.sizeBytes).toBe(bytes.length);
      expect(new Uint8Array(await new Response(stored!.body).arrayBuffer())).toEqual(bytes);
      expect(await storage.list()).toEqual([key]);

      // The leftover is removed by the cleanup once it is old enough, and only then.
      expect(await storage.removeAbandoned(new Date(Date.now() - 60_000))).toBe(0);
      expect(await storage.removeAbandoned(new Date(Date.now() + 60_000))).toBe(1);
      expect(await hiddenFiles()).toEqual([]);
      expect(await storage.exists(key)).toBe(true);
    },
    20_000,
  );

  it('a full disk (ENOSPC) is a StorageFullError, and nothing is left behind', async () => {
    const storage = new FolderStorage(root);
    async function* diskFills(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(4096);
      // What the write stream reports when the disk has no room for the next block.
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    }
    const failure = await storage.put('uploads/1/x', diskFills()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageFullError);
    expect((failure as StorageFullError).cause).toMatchObject({ code: 'ENOSPC' });
    expect(await storage.exists('uploads/1/x')).toBe(false);
    expect(await hiddenFiles()).toEqual([]);
  });

  it('a body that fails before a slow disk has opened the file leaves nothing behind either', async () => {
    const storage = new FolderStorage(root);
    async function* failsAtOnce(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(4096);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    }
    disk.slowOpen = true;
    try {
      await expect(storage.put('uploads/1/y', failsAtOnce())).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      disk.slowOpen = false;
    }
    // The open was still on its way when the body failed; give it time to land.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await hiddenFiles()).toEqual([]);
    expect(await storage.exists('uploads/1/y')).toBe(false);
  });
});
