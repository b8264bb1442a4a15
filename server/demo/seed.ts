/**
 * The demo data (docs/demo-data.md): the debtors and files of the catalogue
 * (server/demo/catalogue.ts) come in as the agency's letter batch (server/demo/batch.ts) through
 * the bulk import, the path a real batch takes (decision 104); then each letter is completed with
 * what the portal holds beyond the batch and its file's own module in server/demo/files/
 * (decision 078), in one transaction. Loaded only in the demo mode: server/db/bootstrap.ts
 * imports this module when it fills an empty demo database, so a production start never loads it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { asNdjson } from '../agency/import/read.ts';
import { importBatch } from '../agency/import/run.ts';
import { todayIso } from '../dates.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { demoBatch, demoDebtorKey, demoLetters } from './batch.ts';
import { seed as file100000001 } from './files/100000001.ts';
import { seed as file100000002 } from './files/100000002.ts';
import { seed as file100000003 } from './files/100000003.ts';
import { seed as file100000004 } from './files/100000004.ts';
import { seed as file100000005 } from './files/100000005.ts';
import { seed as file100000006 } from './files/100000006.ts';
import { seed as file100000008 } from './files/100000008.ts';
import { seed as file100000011 } from './files/100000011.ts';
import { seed as file100000012 } from './files/100000012.ts';
import { seed as file100000013 } from './files/100000013.ts';
import { createKit, type DemoIds, type DemoKit, type SeedOptions } from './kit.ts';

export type { SeedOptions } from './kit.ts';

/** The import job's `source`: the demo batch made in code. */
export const demoImportSource = 'demo batch (server/demo/batch.ts)';

/**
 * What a demo file has beyond its debtor and its row, by its reference number: plans, payments,
 * invoices, modals, documents asked for (each in its own module, written right after its letter).
 */
const demoFileModules: Record<string, (kit: DemoKit, ids: DemoIds) => Promise<void>> = {
  '100000001': file100000001,
  '100000002': file100000002,
  '100000003': file100000003,
  '100000004': file100000004,
  '100000005': file100000005,
  '100000006': file100000006,
  '100000008': file100000008,
  '100000011': file100000011,
  '100000012': file100000012,
  '100000013': file100000013,
};

/**
 * Whether the database holds its files: any file, unless the demo batch was imported and its
 * letters were never completed (a start stopped between the two), which the next start finishes.
 */
export async function isSeeded(db: Database): Promise<boolean> {
  const [filled] = await db.select({ id: t.files.id }).from(t.files).limit(1);
  if (!filled) return false;
  const [unfinished] = await db
    .select({ id: t.debtors.id })
    .from(t.debtors)
    .where(and(eq(t.debtors.agencyKey, demoDebtorKey(0)), isNull(t.debtors.passwordHash)))
    .limit(1);
  return !unfinished;
}

export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  // The demo files are dated from the agency's calendar day, the same "today" the portal judges
  // them by (server/dates.ts); the server's UTC day is still yesterday shortly after midnight.
  const today = new Date(`${todayIso(options.today ?? new Date())}T00:00:00Z`);
  const report = await importBatch(db, asNdjson(demoBatch(today)), {
    source: demoImportSource,
    now: () => options.today ?? new Date(),
  });
  if (report.status !== 'done' || report.rejected > 0)
    throw new Error(`the demo batch did not import: ${report.error ?? `${report.rejected} lines refused`}`);
  await db.transaction(async (tx) => {
    const kit = await createKit(tx, today, options);
    for (const [index, letter] of demoLetters.entries()) {
      const ids = await kit.completeLetter(letter, index);
      await demoFileModules[letter.files[0]!.refno]?.(kit, ids);
    }
  });
}
