/**
 * Automatic login from the letter's QR code. The link carries a signed, expiring token naming
 * the file; it is redeemed once (a table keeps the used ones). Whether it gives full access is
 * decided per file by the server (files.letterLinkIsFullLogin).
 *
 * The token is signed rather than stored, so links can be printed in bulk (and by
 * `npm run demo:links`) without touching the database.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { filesWithDebtors, openFile } from '../claims/file-queries.ts';
import { measureRunning } from '../claims/rules.ts';
import { randomToken } from '../security/crypto.ts';
import { readToken, signToken } from '../security/signed-token.ts';
import { createSession } from './sessions.ts';
import { redeemSingleUseLink } from './used-links.ts';

const purpose = 'letter-link';
const payloadSchema = z.object({
  r: z.string().regex(/^\d{9}$/),
  s: z.number().int().min(1).max(999),
  e: z.number().int(),
  n: z.string().min(8).max(64),
});

export function createLetterToken(
  refno: string,
  subcase: number,
  options: { validDays?: number; now?: Date } = {},
): string {
  const now = options.now ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + (options.validDays ?? 90) * 86_400;
  return signToken(purpose, { r: refno, s: subcase, e: expires, n: randomToken(12) });
}

export function readLetterToken(token: string, now = new Date()): z.infer<typeof payloadSchema> | null {
  return readToken(purpose, token, payloadSchema, now);
}

export type LetterLinkResult =
  | { ok: true; cookie: string; token: string; variant: string; level: 'limited' | 'full'; mustChangePassword: boolean }
  | { ok: false; error: 'invalid' | 'used' | 'measureRunning' };

export async function redeemLetterLink(
  db: Database,
  token: string,
  ctx: { clientAddress: string; currentSession?: string | null; now?: Date; channel?: 'web' | 'api' },
): Promise<LetterLinkResult> {
  const now = ctx.now ?? new Date();
  const payload = readLetterToken(token, now);
  if (!payload) return { ok: false, error: 'invalid' };
  const [file] = await filesWithDebtors(db, {
    id: t.files.id,
    debtorId: t.files.debtorId,
    variant: t.files.variant,
    statusCode: t.files.statusCode,
    full: t.files.letterLinkIsFullLogin,
    mustChangePassword: t.debtors.mustChangePassword,
  }).where(and(eq(t.files.refno, payload.r), eq(t.files.subcase, payload.s), openFile()));
  if (!file) return { ok: false, error: 'invalid' };
  if (measureRunning(file.statusCode)) return { ok: false, error: 'measureRunning' };
  if (
    !(await redeemSingleUseLink(db, {
      kind: 'letter',
      nonce: payload.n,
      fileId: file.id,
      expiresAt: new Date(payload.e * 1000),
      now,
    }))
  ) {
    await audit(db, {
      actor: 'visitor',
      action: 'letterLink.reused',
      fileId: file.id,
      clientAddress: ctx.clientAddress,
      at: now,
    });
    return { ok: false, error: 'used' };
  }
  const level = file.full ? 'full' : 'limited';
  const { cookie, token: sessionToken } = await createSession(
    db,
    { debtorId: file.debtorId, fileId: file.id, loginType: 'letterLink', level },
    { replacing: ctx.currentSession, now, channel: ctx.channel },
  );
  await audit(db, {
    actor: 'debtor',
    action: `signin.letterLink.${level}`,
    debtorId: file.debtorId,
    fileId: file.id,
    clientAddress: ctx.clientAddress,
    at: now,
  });
  return {
    ok: true,
    cookie,
    token: sessionToken,
    variant: file.variant,
    level,
    mustChangePassword: file.mustChangePassword,
  };
}

/** redeemLetterLink as a page calls it: it opens the database itself (decision 077). */
export const redeemLetterLinkForPage = withDatabase(redeemLetterLink);
