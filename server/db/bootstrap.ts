import { keyedHash } from '../security/crypto.ts';
import type { DatabaseHandle } from './client.ts';
import { isSeeded, seedDemoData } from './seed.ts';

export const hashPersonalNumber = (value: string) => keyedHash('personal-number', value.replace(/\D/g, ''));

/** Fills an empty database with the demo files; a filled one is left as it is. */
export async function ensureDemoData(
  handle: DatabaseHandle,
  options: { fastHashes?: boolean; today?: Date } = {},
): Promise<boolean> {
  if (await isSeeded(handle.db)) return false;
  await seedDemoData(handle.db, { ...options, hashPersonalNumber });
  return true;
}
