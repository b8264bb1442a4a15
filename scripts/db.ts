/**
 * npm run db:migrate — applies the migrations.
 * npm run db:reset   — deletes the embedded database (or empties the PostgreSQL schema), then
 *                      migrates and fills it with the demo files again.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ensureDemoData } from '../server/db/bootstrap.ts';
import { ensureDemoInvoiceDocuments } from '../server/documents/demo-invoices.ts';
import { documentStore } from '../server/documents/store.ts';
import { openDatabase, targetFromEnv } from '../server/db/client.ts';
import { env } from '../server/env.ts';

const command = process.argv[2];
const target = targetFromEnv(env());

if (command === 'reset') {
  if (target.kind === 'pglite') {
    rmSync(target.dataDir, { recursive: true, force: true });
  } else {
    const handle = await openDatabase(target);
    await handle.db.execute(
      sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`,
    );
    await handle.close();
  }
}
if (command !== 'migrate' && command !== 'reset') {
  console.error('usage: tsx scripts/db.ts migrate|reset');
  process.exit(2);
}
const handle = await openDatabase(target);
if (command === 'reset') {
  // The stored documents belong to the database they came with.
  rmSync(path.resolve(env().DATA_DIR, 'documents'), { recursive: true, force: true });
  await ensureDemoData(handle);
  await ensureDemoInvoiceDocuments(handle.db, documentStore());
}
await handle.close();
console.log(
  `${command === 'reset' ? 'Database rebuilt with the demo files' : 'Migrations applied'} (${target.kind === 'pglite' ? path.relative(process.cwd(), target.dataDir) : 'PostgreSQL'})`,
);
