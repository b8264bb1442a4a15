/**
 * Sign-in with a reference number (limited access) or a reference number and the portal
 * password (full access). Called by the sign-in route, the JSON API and the assistant alike.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import { getDatabase, withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { openFile } from '../claims/file-queries.ts';
import { measureRunning } from '../claims/rules.ts';
import { sha256Hex } from '../security/crypto.ts';
import { beginAttempt, recentFailures, settleAttempt } from './attempts.ts';
import { verifyPassword } from './passwords.ts';
import { formatReference, parseReference } from './reference.ts';
import { createSession } from './sessions.ts';

export const signInInput = z.object({
  mode: z.enum(['reference', 'password']),
  reference: z.string().max(40),
  password: z.string().max(256).optional(),
});
export type SignInInput = z.infer<typeof signInInput>;

export interface SignInContext {
  /** The database; the sign-in page leaves it out and the sign-in opens the process's own (decision 077). */
  db?: Database;
  clientAddress: string;
  /** The hash of the session being replaced (step-up from reference-only to full). */
  currentSession?: string | null;
  /** `api` when the JSON API asks: the session is a bearer token, never a cookie (decision 044). */
  channel?: 'web' | 'api';
  now?: Date;
}

export type SignInError =
  'required' | 'format' | 'tooShort' | 'unknown' | 'passwordRequired' | 'wrongCredentials' | 'measureRunning';

export type SignInResult =
  | {
      ok: true;
      cookie: string;
      /** The new session's id hash (what a conversation bound to the replaced session is moved to). */
      sessionIdHash: string;
      /** The session's token (in `cookie` for the browser; the JSON API's bearer token). */
      token: string;
      debtorId: number;
      fileId: number;
      variant: string;
      level: 'limited' | 'full';
      mustChangePassword: boolean;
      hasMultipleFiles: boolean;
    }
  | { ok: false; error: SignInError }
  | { ok: false; error: 'locked'; retryAfterSeconds: number };

// A real argon2id hash of a random string: unknown numbers cost the same time as wrong passwords.
const timingDummyHash =
  '$argon2id$v=19$m=65536,p=4,t=3$iscBNeL48YXlzgIiNBnDWw$zLjrnYK9XxJ4WPKyYLCTe7MlmW4K9w3CHwEiOYHy9Ec';

/**
 * The failed sign-ins of the window for this client address or this reference number, whichever
 * has more: the captcha of this attempt has to be that much harder (server/auth/captcha.ts).
 */
export async function signInFailures(db: Database, clientAddress: string, reference: string, now = new Date()) {
  const parsed = parseReference(reference);
  return recentFailures(db, { client: clientAddress, ...(parsed.ok ? { reference: parsed.refno } : {}) }, now);
}

export async function signIn(raw: SignInInput, ctx: SignInContext): Promise<SignInResult> {
  const input = signInInput.parse(raw);
  const now = ctx.now ?? new Date();
  const db = ctx.db ?? (await getDatabase());
  const parsed = parseReference(input.reference);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (input.mode === 'password' && !input.password) return { ok: false, error: 'passwordRequired' };

  const keys = { client: ctx.clientAddress, reference: parsed.refno };
  // Counted before it is evaluated, atomically: parallel attempts never pass the limit.
  const lock = await beginAttempt(db, keys, now);
  if (lock.locked) {
    await audit(db, { actor: 'visitor', action: 'signin.locked', clientAddress: ctx.clientAddress, at: now });
    return { ok: false, error: 'locked', retryAfterSeconds: lock.retryAfterSeconds };
  }

  const candidates = await db
    .select({
      fileId: t.files.id,
      subcase: t.files.subcase,
      variant: t.files.variant,
      statusCode: t.files.statusCode,
      debtorId: t.files.debtorId,
      passwordHash: t.debtors.passwordHash,
      mustChangePassword: t.debtors.mustChangePassword,
    })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(and(eq(t.files.refno, parsed.refno), openFile()))
    .orderBy(asc(t.files.subcase));
  const file = parsed.subcase === null ? candidates[0] : candidates.find((c) => c.subcase === parsed.subcase);

  const fail = async (error: SignInError) => {
    await audit(db, {
      actor: 'visitor',
      action: `signin.failed.${error}`,
      fileId: file?.fileId ?? null,
      clientAddress: ctx.clientAddress,
      detail: { mode: input.mode },
      at: now,
    });
    return { ok: false as const, error };
  };

  if (input.mode === 'password') {
    const passwordOk = await verifyPassword(file?.passwordHash ?? timingDummyHash, input.password ?? '');
    if (!file || !passwordOk) return fail('wrongCredentials');
  } else if (!file) {
    return fail('unknown');
  }
  const found = file!;
  // The credentials were right: whatever follows, this attempt is no failure.
  await settleAttempt(db, lock.ticket, true);
  if (measureRunning(found.statusCode)) {
    await audit(db, {
      actor: 'visitor',
      action: 'signin.refused.measureRunning',
      fileId: found.fileId,
      clientAddress: ctx.clientAddress,
      at: now,
    });
    return { ok: false, error: 'measureRunning' };
  }

  const level = input.mode === 'password' ? 'full' : 'limited';
  const { cookie, token } = await createSession(
    db,
    { debtorId: found.debtorId, fileId: found.fileId, loginType: input.mode, level },
    { replacing: ctx.currentSession, now, channel: ctx.channel },
  );
  await audit(db, {
    actor: 'debtor',
    action: `signin.${level}`,
    debtorId: found.debtorId,
    fileId: found.fileId,
    clientAddress: ctx.clientAddress,
    at: now,
  });

  const siblings = await db
    .select({ id: t.files.id })
    .from(t.files)
    .where(and(eq(t.files.debtorId, found.debtorId), openFile()));
  return {
    ok: true,
    cookie,
    sessionIdHash: sha256Hex(token),
    token,
    debtorId: found.debtorId,
    fileId: found.fileId,
    variant: found.variant,
    level,
    mustChangePassword: found.mustChangePassword,
    hasMultipleFiles: siblings.length > 1,
  };
}

/**
 * The reference number of a reference-only session's file, for the step-up to the full login
 * (decision 061): the debtor is identified already, so the page shows the number and asks only
 * for what the full login adds, the password. Null when the file is gone.
 */
export async function stepUpReference(db: Database, session: { fileId: number }): Promise<string | null> {
  const [file] = await db
    .select({ refno: t.files.refno, subcase: t.files.subcase })
    .from(t.files)
    .where(and(eq(t.files.id, session.fileId), isNull(t.files.deletedAt)));
  return file ? formatReference(file.refno, file.subcase) : null;
}

/** signInFailures as a page calls it: it opens the database itself (decision 077). */
export const signInFailuresForPage = withDatabase(signInFailures);

/** stepUpReference as a page calls it: it opens the database itself (decision 077). */
export const stepUpReferenceForPage = withDatabase(stepUpReference);
