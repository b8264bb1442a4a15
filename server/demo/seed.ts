/**
 * The demo data (docs/demo-data.md): the debtors and files of the catalogue
 * (server/demo/catalogue.ts) as data (letters.json), each followed by what its own module in
 * server/demo/files/ adds (decision 078). Loaded only in the demo mode: server/db/bootstrap.ts
 * imports this module when it fills an empty demo database, so a production start never loads
 * it. Everything is written in the catalogue's order, in one transaction.
 */
import { sql } from 'drizzle-orm';
import { todayIso } from '../dates.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
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
import { createKit, type DemoIds, type DemoKit, type DemoLetter, type SeedOptions } from './kit.ts';
import letterData from './letters.json';

export type { PersonalNumberHasher, SeedOptions } from './kit.ts';

/** The demo debtors and their files, in the catalogue's order (the database's ids follow it). */
const letters = letterData as DemoLetter[];

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

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.files);
  return (rows[0]?.n ?? 0) > 0;
}

export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  // The demo files are dated from the agency's calendar day, the same "today" the portal judges
  // them by (server/dates.ts); the server's UTC day is still yesterday shortly after midnight.
  const today = new Date(`${todayIso(options.today ?? new Date())}T00:00:00Z`);
  await db.transaction(async (tx) => {
    const kit = await createKit(tx, today, options);
    for (const letter of letters) {
      const ids = await kit.addLetter(letter);
      await demoFileModules[letter.files[0]!.refno]?.(kit, ids);
    }
  });
}
