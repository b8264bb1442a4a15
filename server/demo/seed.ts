/**
 * The demo data (docs/demo-data.md): the files of the catalogue (server/demo/catalogue.ts), each
 * written by its own module in server/demo/files/ (decision 078). Loaded only in the demo mode:
 * server/db/bootstrap.ts imports this module when it fills an empty demo database, so a
 * production start never loads it. The modules run in the catalogue's order, in one transaction.
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
import { seed as file100000007 } from './files/100000007.ts';
import { seed as file100000008 } from './files/100000008.ts';
import { seed as file100000009 } from './files/100000009.ts';
import { seed as file100000010 } from './files/100000010.ts';
import { seed as file100000011 } from './files/100000011.ts';
import { seed as file100000012 } from './files/100000012.ts';
import { seed as file100000013 } from './files/100000013.ts';
import { seed as file200000001 } from './files/200000001.ts';
import { seed as file300000001 } from './files/300000001.ts';
import { seed as file400000001 } from './files/400000001.ts';
import { seed as file500000001 } from './files/500000001.ts';
import { seed as file600000001 } from './files/600000001.ts';
import { createKit, type SeedOptions } from './kit.ts';

export type { PersonalNumberHasher, SeedOptions } from './kit.ts';

/** The demo files' modules, in the catalogue's order (the database's ids follow it). */
const demoFileModules = [
  file100000001,
  file100000002,
  file100000003,
  file100000004,
  file100000005,
  file100000006,
  file100000007,
  file100000008,
  file100000009,
  file100000010,
  file100000011,
  file100000012,
  file100000013,
  file200000001,
  file300000001,
  file400000001,
  file500000001,
  file600000001,
];

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
    for (const seed of demoFileModules) await seed(kit);
  });
}
