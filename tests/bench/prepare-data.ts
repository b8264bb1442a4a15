/**
 * Prepares the benchmark's database before the portal starts on it (tests/bench/server.ts): the
 * demo files as the demo mode creates them, and file 100000001 with the letter link giving full
 * access (`files.letter_link_is_full_login`, a per-file setting of the agency). The benchmark then
 * signs a fresh debtor in for every request through a letter link it signs itself, without the
 * password's deliberate slowness, and each request is a first view.
 *
 * Run as its own process with the portal's environment (DATA_DIR or DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { ensureDemoData } from '../../server/db/bootstrap.ts';
import { openDatabase, targetFromEnv } from '../../server/db/client.ts';
import * as t from '../../server/db/schema.ts';
import { env } from '../../server/env.ts';

export const benchRefno = '100000001';

const handle = await openDatabase(targetFromEnv(env()));
try {
  await ensureDemoData(handle);
  await handle.db.update(t.files).set({ letterLinkIsFullLogin: true }).where(eq(t.files.refno, benchRefno));
} finally {
  await handle.close();
}
