/**
 * Before each test file: the shared environment (tests/environment.ts) and a data folder of the
 * file's own. DATA_DIR defaults to ./data, where `npm start` keeps the demo's database, stored
 * documents and mailbox; a test that read it would pass or fail by what a start left behind
 * (issue 25). So DATA_DIR, and with it the file storage and the development mailbox, and the
 * maintenance switch point into a fresh temporary folder, removed after the file.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import './environment.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-data-'));
process.env.DATA_DIR = folder;
process.env.MAINTENANCE_FILE = path.join(folder, 'maintenance.json');
// The shipped switch (maintenance off), copied: an operator's edit of public/ is not read either.
copyFileSync(path.resolve('public/maintenance.json'), process.env.MAINTENANCE_FILE);
afterAll(() => rmSync(folder, { recursive: true, force: true }));
