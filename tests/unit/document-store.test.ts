import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderStore, isSafeKey } from '#server/documents/store.ts';

describe('document keys', () => {
  it.each([
    ['invoices/RE-2025-118842.pdf', true],
    ['forms/2026/mandate_1.pdf', true],
    ['../etc/passwd', false],
    ['invoices/../../secret', false],
    ['/absolute.pdf', false],
    ['invoices//double.pdf', false],
    ['.hidden', false],
    ['', false],
    ['invoices/a b.pdf', false],
  ])('%s is safe: %s', (key, safe) => {
    expect(isSafeKey(key)).toBe(safe);
  });
});

describe('folder store', () => {
  const roots: string[] = [];
  afterAll(async () => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

  it('stores, reports and streams a document, and leaves no partial file behind', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'store-'));
    roots.push(root);
    const store = folderStore(root);
    expect(await store.exists('invoices/a.pdf')).toBe(false);
    expect(await store.open('invoices/a.pdf')).toBeNull();
    await store.put('invoices/a.pdf', new TextEncoder().encode('%PDF-1.7 test'));
    expect(await store.exists('invoices/a.pdf')).toBe(true);
    const doc = await store.open('invoices/a.pdf');
    expect(doc?.sizeBytes).toBe(13);
    expect(await new Response(doc!.body).text()).toBe('%PDF-1.7 test');
    expect(await readdir(path.join(root, 'invoices'))).toEqual(['a.pdf']);
  });

  it('refuses keys that leave its folder', async () => {
    const store = folderStore(await mkdtemp(path.join(tmpdir(), 'store-')));
    await expect(store.put('../escape.pdf', new Uint8Array([1]))).rejects.toThrow('unsafe storage key');
    await expect(store.open('../../etc/passwd')).rejects.toThrow('unsafe storage key');
  });
});
