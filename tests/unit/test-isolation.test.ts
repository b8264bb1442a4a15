/**
 * The test suite reads nothing from the working tree's ./data (issue 25): `npm start` keeps the
 * demo's database, its stored invoices and its mailbox there, and a test that read them passed on
 * a clean checkout and failed after a start. tests/setup.ts gives every test file its own folder.
 */
import path from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { targetFromEnv } from '#server/db/client.ts';
import { env } from '#server/env.ts';
import { mailboxFolder } from '#server/mail/transport.ts';
import { FolderStorage } from '#server/storage/folder.ts';
import { storageFromEnv } from '#server/storage/configured.ts';

const workingTree = path.resolve('.');
const inside = (folder: string, parent: string) => !path.relative(parent, folder).startsWith('..');

describe('every test file has a data folder of its own', () => {
  it('outside the working tree, for the database, the stored files, the mailbox and the maintenance switch', () => {
    const config = env();
    const dataDir = path.resolve(config.DATA_DIR);
    expect(inside(dataDir, path.resolve(tmpdir()))).toBe(true);
    const storage = storageFromEnv(config);
    expect(storage).toBeInstanceOf(FolderStorage);
    const places = [
      dataDir,
      (storage as FolderStorage).root,
      mailboxFolder(config),
      path.resolve(config.MAINTENANCE_FILE),
    ];
    const target = targetFromEnv(config);
    if (target.kind === 'pglite') places.push(target.dataDir);
    for (const place of places) {
      expect(inside(place, workingTree), place).toBe(false);
      expect(inside(place, dataDir), place).toBe(true);
    }
  });
});
