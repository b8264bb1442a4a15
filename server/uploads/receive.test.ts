import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { attachUploads, createUploadHandler, freshBudget, pendingUploads, receiveFile } from './receive.ts';
import { FolderStorage } from '../storage/folder.ts';

const MB = 1024 * 1024;
let database: TestDatabase;
let root: string;
let store: FolderStorage;
let fileId: number;
let otherFileId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  root = mkdtempSync(path.join(tmpdir(), 'uploads-test-'));
  store = new FolderStorage(root);
  const files = await database.db.select({ id: t.files.id, refno: t.files.refno }).from(t.files);
  fileId = files.find((f) => f.refno === '100000001')!.id;
  otherFileId = files.find((f) => f.refno === '100000012')!.id;
});
afterAll(async () => {
  await database.dispose();
  rmSync(root, { recursive: true, force: true });
});

/** A stream of `size` bytes starting with `head`, in 64 kB chunks, generated on the fly. */
async function* streamOf(head: Uint8Array, size: number, chunk = 64 * 1024): AsyncGenerator<Uint8Array> {
  let sent = 0;
  while (sent < size) {
    const length = Math.min(chunk, size - sent);
    const part = new Uint8Array(length).fill(0x41);
    if (sent === 0) part.set(head.subarray(0, length));
    sent += length;
    yield part;
  }
}
const pdfHead = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');

/** A PDF of `size` bytes received as a pending message upload of the file (the test's own by default), with a fresh budget. */
function receivePdf(filename: string, size: number, file = fileId) {
  return receiveFile(
    database.db,
    { fileId: file, context: 'message', filename, data: streamOf(pdfHead, size), budget: freshBudget() },
    store,
  );
}

describe('receiveFile', () => {
  it('stores a PDF outside the web root with its size and SHA-256, as a pending upload', async () => {
    const result = await receiveFile(
      database.db,
      {
        fileId,
        context: 'announcedPayment',
        filename: 'Beleg.pdf',
        data: streamOf(pdfHead, 300_000),
        budget: freshBudget(),
      },
      store,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await database.db.select().from(t.uploads).where(eq(t.uploads.id, result.upload.id));
    expect(row).toMatchObject({
      fileId,
      ownerId: null,
      mediaType: 'application/pdf',
      sizeBytes: 300_000,
      originalName: 'Beleg.pdf',
    });
    const stored = await readFile(path.join(root, row!.storageKey));
    expect(stored.length).toBe(300_000);
    expect(row!.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
  });

  it.each([
    ['an exe renamed .pdf', 'Rechnung.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 50_000, 'wrongType'],
    ['a text file named .pdf', 'Beleg.pdf', new TextEncoder().encode('Das ist kein PDF.'), 500, 'wrongType'],
    ['an empty file', 'leer.pdf', new Uint8Array(), 0, 'empty'],
    ['an 11 MB file', 'gross.pdf', pdfHead, 11 * MB, 'tooLarge'],
  ])('refuses %s and stores nothing', async (_label, filename, head, size, problem) => {
    const before = readdirSync(root, { recursive: true }).length;
    const count = (await database.db.select().from(t.uploads)).length;
    const result = await receiveFile(
      database.db,
      { fileId, context: 'message', filename, data: streamOf(head, size), budget: freshBudget() },
      store,
    );
    expect(result).toEqual({ ok: false, refused: { name: filename, problem } });
    expect((await database.db.select().from(t.uploads)).length).toBe(count);
    // No file is left behind (the folder of the file may exist from earlier tests).
    expect(readdirSync(root, { recursive: true }).filter((e) => String(e).includes('/')).length).toBeLessThanOrEqual(
      before,
    );
  });

  it('takes the first of two 6 MB files and refuses the second (10 MB together)', async () => {
    const budget = freshBudget();
    const first = await receiveFile(
      database.db,
      { fileId, context: 'message', filename: 'a.pdf', data: streamOf(pdfHead, 6 * MB), budget },
      store,
    );
    const second = await receiveFile(
      database.db,
      { fileId, context: 'message', filename: 'b.pdf', data: streamOf(pdfHead, 6 * MB), budget },
      store,
    );
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, refused: { name: 'b.pdf', problem: 'totalTooLarge' } });
  });
});

describe('createUploadHandler, pending and attach', () => {
  const part = (name: string, filename: string, data: AsyncIterable<Uint8Array>) => ({
    name,
    filename,
    contentType: 'application/octet-stream',
    data,
  });

  it('collects accepted and refused files, and counts kept uploads against the 10 MB', async () => {
    const first = createUploadHandler(database.db, { fileId, context: 'announcedPayment', store });
    await first.onFile(part('files', 'big.pdf', streamOf(pdfHead, 7 * MB)));
    expect(first.outcome.accepted).toHaveLength(1);
    const keptId = first.outcome.accepted[0]!.id;

    const second = createUploadHandler(database.db, { fileId, context: 'announcedPayment', store });
    second.onField('uploadId', String(keptId));
    await second.onFile(part('files', 'more.pdf', streamOf(pdfHead, 4 * MB)));
    await second.onFile(part('files', 'small.pdf', streamOf(pdfHead, 1 * MB)));
    expect(second.outcome.refused).toEqual([{ name: 'more.pdf', problem: 'totalTooLarge' }]);
    expect(second.outcome.accepted.map((u) => u.name)).toEqual(['small.pdf']);
  });

  it('never attaches or offers another file’s upload', async () => {
    const mine = await receivePdf('mine.pdf', 1000);
    const theirs = await receivePdf('theirs.pdf', 1000, otherFileId);
    if (!mine.ok || !theirs.ok) throw new Error('setup');
    expect(await pendingUploads(database.db, { fileId, context: 'message', ids: [theirs.upload.id] })).toEqual([]);
    const refused = await attachUploads(database.db, {
      fileId,
      context: 'message',
      ownerId: 1,
      ids: [mine.upload.id, theirs.upload.id],
    });
    expect(refused).toEqual({ ok: false, problem: 'notYours' });
    const [row] = await database.db.select().from(t.uploads).where(eq(t.uploads.id, mine.upload.id));
    expect(row!.ownerId).toBeNull();
    const ok = await attachUploads(database.db, { fileId, context: 'message', ownerId: 42, ids: [mine.upload.id] });
    expect(ok.ok).toBe(true);
    // Attached once: no longer pending, so it cannot be attached to anything else.
    expect(
      await attachUploads(database.db, { fileId, context: 'message', ownerId: 43, ids: [mine.upload.id] }),
    ).toEqual({ ok: false, problem: 'notYours' });
  });
});

describe('purgeStalePendingUploads', () => {
  it('removes pending uploads older than a day with their objects, never attached ones', async () => {
    const { purgeStalePendingUploads } = await import('./cleanup.ts');
    const stale = await receivePdf('alt.pdf', 100);
    const kept = await receivePdf('behalten.pdf', 100);
    if (!stale.ok || !kept.ok) throw new Error('setup');
    await attachUploads(database.db, { fileId, context: 'message', ownerId: 7, ids: [kept.upload.id] });
    const [row] = await database.db.select().from(t.uploads).where(eq(t.uploads.id, stale.upload.id));
    const removed = await purgeStalePendingUploads(database.db, { now: new Date(Date.now() + 25 * 3600_000), store });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(t.uploads).where(eq(t.uploads.id, stale.upload.id))).toEqual([]);
    expect(await store.exists(row!.storageKey)).toBe(false);
    expect(await database.db.select().from(t.uploads).where(eq(t.uploads.id, kept.upload.id))).toHaveLength(1);
  });
});
