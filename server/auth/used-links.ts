import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { sha256Hex } from '../security/crypto.ts';

/**
 * Records that a single-use link (letter QR code, password reset) was used. True the first
 * time only; the primary key on the nonce's hash makes this safe under concurrent requests.
 */
/** Whether a single-use link was used already (its page says so before asking for anything). */
export async function singleUseLinkUsed(
  db: Database,
  link: { kind: 'letter' | 'reset'; nonce: string },
): Promise<boolean> {
  const key = link.kind === 'letter' ? link.nonce : `${link.kind}:${link.nonce}`;
  const [row] = await db
    .select({ tokenHash: t.letterLinks.tokenHash })
    .from(t.letterLinks)
    .where(eq(t.letterLinks.tokenHash, sha256Hex(key)));
  return row !== undefined;
}

export async function redeemSingleUseLink(
  db: Database,
  link: { kind: 'letter' | 'reset'; nonce: string; fileId: number; expiresAt: Date; now: Date },
): Promise<boolean> {
  const key = link.kind === 'letter' ? link.nonce : `${link.kind}:${link.nonce}`;
  const inserted = await db
    .insert(t.letterLinks)
    .values({ tokenHash: sha256Hex(key), fileId: link.fileId, expiresAt: link.expiresAt, usedAt: link.now })
    .onConflictDoNothing()
    .returning({ tokenHash: t.letterLinks.tokenHash });
  return inserted.length === 1;
}
