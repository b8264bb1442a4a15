/** A throw-away DATA_DIR for a test file that reads stored documents (invoices, forms). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ensureDemoInvoiceDocuments } from '#server/documents/demo-invoices.ts';
import { documentStore } from '#server/documents/store.ts';
import { resetEnvCache } from '#server/env.ts';
import type { TestDatabase } from './db.ts';

/** DATA_DIR points at a fresh folder for the test file, with the demo files' invoices stored in it. */
export function useDocumentFolder(database: { readonly db: TestDatabase['db'] }) {
  let dataDir = '';
  const previous = process.env.DATA_DIR;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-documents-'));
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    await ensureDemoInvoiceDocuments(database.db, documentStore());
  });
  afterAll(async () => {
    process.env.DATA_DIR = previous;
    resetEnvCache();
    await rm(dataDir, { recursive: true, force: true });
  });
}
