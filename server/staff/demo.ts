/**
 * The demo staff accounts (demo mode only, decision 020): a reviewer and an admin with published
 * passwords, documented in the README. They enrol their authenticator app at the first sign-in.
 * Never created outside the demo mode.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { createStaffAccount } from './accounts.ts';

export const demoStaff = [
  { email: 'reviewer@demo.example', role: 'reviewer', password: 'demo-reviewer-pass' },
  { email: 'admin@demo.example', role: 'admin', password: 'demo-admin-password' },
] as const;

export async function ensureDemoStaff(db: Database, options: { fastHash?: boolean } = {}): Promise<number> {
  let created = 0;
  for (const account of demoStaff) {
    const [existing] = await db
      .select({ id: t.staffAccounts.id })
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, account.email));
    if (existing) continue;
    const result = await createStaffAccount(db, account, options);
    if (result.ok) created += 1;
  }
  return created;
}
