/**
 * Password reset: the debtor names the file (with a captcha); if the file has an e-mail address,
 * a sealed, single-use link valid for one hour goes out through the outbox. Sealed, not only
 * signed (issue 31, finding 7): the link is opaque, it shows no debtor or file id. The answer is the
 * same whether or not a mail was sent, so the form reveals nothing about a file.
 *
 * Limits (server/limits/rate-limits.ts): requests per client address and per reference number are
 * refused with the time to wait (that reveals nothing: unknown numbers count alike); mails per
 * e-mail address are simply not sent past theirs, with the same answer as always.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { filesWithDebtors, openFile } from '../claims/file-queries.ts';
import { consume, consumeAll } from '../limits/rate-limits.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { randomToken } from '../security/crypto.ts';
import { openToken, sealToken } from '../security/sealed-token.ts';
import { checkPassword, type PasswordProblem } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { parseReference } from './reference.ts';
import { createSession } from './sessions.ts';
import { redeemSingleUseLink, singleUseLinkUsed } from './used-links.ts';
import { defaultVariantId, variants, type VariantId } from '../variants/config.ts';
import { publicUrl } from '../variants/public-url.ts';

const purpose = 'password-reset';
const validMinutes = 60;
const payloadSchema = z.object({
  d: z.number().int().positive(),
  f: z.number().int().positive(),
  e: z.number().int(),
  n: z.string().min(8).max(64),
});

export function createResetToken(debtorId: number, fileId: number, now = new Date()): string {
  return sealToken(purpose, {
    d: debtorId,
    f: fileId,
    e: Math.floor(now.getTime() / 1000) + validMinutes * 60,
    n: randomToken(12),
  });
}

export function readResetToken(token: string, now = new Date()) {
  return openToken(purpose, token, payloadSchema, now);
}

/**
 * What a reset link's page shows before anything is typed: the form (`valid`), that the link
 * was used already (`used`: the password was set with it), or that it is broken or expired.
 */
export async function resetLinkState(
  db: Database,
  token: string,
  now = new Date(),
): Promise<'valid' | 'used' | 'invalid'> {
  const payload = readResetToken(token, now);
  if (!payload) return 'invalid';
  return (await singleUseLinkUsed(db, { kind: 'reset', nonce: payload.n })) ? 'used' : 'valid';
}

export async function requestPasswordReset(
  db: Database,
  input: { reference: string; language: string },
  ctx: { clientAddress: string; now?: Date },
): Promise<
  | { ok: true }
  | { ok: false; error: 'format' | 'tooShort' | 'required' }
  | { ok: false; error: 'rateLimited'; retryAfterSeconds: number }
> {
  const parsed = parseReference(input.reference);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const limit = await consumeAll(db, [
    ['resetClient', ctx.clientAddress],
    ['resetReference', `${parsed.refno}-${parsed.subcase ?? 1}`],
  ]);
  if (!limit.ok) return { ok: false, error: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
  const now = ctx.now ?? new Date();
  const [file] = await filesWithDebtors(db, {
    id: t.files.id,
    debtorId: t.files.debtorId,
    variant: t.files.variant,
    email: t.debtors.email,
    firstName: t.debtors.firstName,
    lastName: t.debtors.lastName,
    salutation: t.debtors.salutation,
  }).where(and(eq(t.files.refno, parsed.refno), eq(t.files.subcase, parsed.subcase ?? 1), openFile()));
  const mailed = file?.email ? (await consume(db, 'resetAddress', file.email)).ok : false;
  if (file?.email && mailed) {
    const token = createResetToken(file.debtorId, file.id, now);
    await enqueueMail(db, {
      to: file.email,
      template: 'passwordReset',
      language: input.language,
      variant: file.variant,
      fileId: file.id,
      data: {
        link: publicUrl(variants[file.variant as VariantId] ?? variants[defaultVariantId], `/password/reset/${token}`),
        name: [file.firstName, file.lastName].filter(Boolean).join(' '),
        salutation: file.salutation,
        validMinutes,
      },
    });
  }
  const action = mailed ? 'password.reset.mailed' : file?.email ? 'password.reset.limited' : 'password.reset.noMail';
  await audit(db, { actor: 'visitor', action, fileId: file?.id ?? null, clientAddress: ctx.clientAddress, at: now });
  return { ok: true };
}

export type ResetResult =
  { ok: true; cookie: string; variant: string } | { ok: false; error: 'invalidLink' | 'used' | PasswordProblem };

export async function completePasswordReset(
  db: Database,
  token: string,
  newPassword: string,
  ctx: { clientAddress: string; now?: Date },
): Promise<ResetResult> {
  const now = ctx.now ?? new Date();
  const payload = readResetToken(token, now);
  if (!payload) return { ok: false, error: 'invalidLink' };
  const [file] = await filesWithDebtors(db, {
    id: t.files.id,
    variant: t.files.variant,
    refno: t.files.refno,
    debtorId: t.debtors.id,
    firstName: t.debtors.firstName,
    lastName: t.debtors.lastName,
  }).where(and(eq(t.files.id, payload.f), eq(t.debtors.id, payload.d)));
  if (!file) return { ok: false, error: 'invalidLink' };
  const verdict = await checkPassword(
    newPassword,
    [file.refno, file.firstName, file.lastName].filter((v): v is string => !!v),
  );
  if (!verdict.ok) return { ok: false, error: verdict.problem };
  if (
    !(await redeemSingleUseLink(db, {
      kind: 'reset',
      nonce: payload.n,
      fileId: file.id,
      expiresAt: new Date(payload.e * 1000),
      now,
    }))
  ) {
    return { ok: false, error: 'used' };
  }
  await db
    .update(t.debtors)
    .set({
      passwordHash: await hashPassword(newPassword),
      mustChangePassword: false,
      passwordChangedAt: now,
      updatedAt: now,
    })
    .where(eq(t.debtors.id, file.debtorId));
  await db.delete(t.sessions).where(eq(t.sessions.debtorId, file.debtorId));
  const { cookie } = await createSession(
    db,
    { debtorId: file.debtorId, fileId: file.id, loginType: 'password', level: 'full' },
    { now },
  );
  await audit(db, {
    actor: 'debtor',
    action: 'password.reset.completed',
    debtorId: file.debtorId,
    fileId: file.id,
    clientAddress: ctx.clientAddress,
    at: now,
  });
  return { ok: true, cookie, variant: file.variant };
}

/** resetLinkState as a page calls it: it opens the database itself (decision 077). */
export const resetLinkStateForPage = withDatabase(resetLinkState);

/** completePasswordReset as a page calls it: it opens the database itself (decision 077). */
export const completePasswordResetForPage = withDatabase(completePasswordReset);

/** requestPasswordReset as a page calls it: it opens the database itself (decision 077). */
export const requestPasswordResetForPage = withDatabase(requestPasswordReset);
