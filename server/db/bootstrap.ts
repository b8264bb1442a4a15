import type { DatabaseHandle } from './client.ts';

/**
 * Fills an empty database with the demo files; a filled one is left as it is. The demo data
 * (server/demo/) is loaded here, on demand: only a demo start (or a test) ever loads it.
 */
export async function ensureDemoData(
  handle: DatabaseHandle,
  options: { fastHashes?: boolean; today?: Date } = {},
): Promise<boolean> {
  const { isSeeded, seedDemoData } = await import('../demo/seed.ts');
  if (await isSeeded(handle.db)) return false;
  await seedDemoData(handle.db, options);
  return true;
}
