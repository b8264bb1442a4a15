/**
 * A signed-in debtor's own dashboard and claim information, kept for a few seconds (issue 16;
 * decision 056). These are the pages a debtor comes back to after every step (a payment, a plan,
 * the assistant's answer), and rendering them cost ten times a bare Remix page.
 *
 * A kept page is served again only to the same session, for the same address, language, cookies,
 * maintenance state and agency day, and only while the file is exactly as it was: the key holds
 * `files.version`, which triggers raise on every write to a table these pages show (migration
 * 0011), whoever writes it (this instance, another one, the agency's own systems). The version is
 * read with the session in the one statement a signed-in page view reads the session with anyway
 * (`sessionByHash`), so a kept page costs no statement more than a rendered one, and a page is
 * never older than the file. The session read here is handed to the loaders (they do not read it
 * again), its activity recorded as on every page view (at most one write a minute).
 *
 * The one value that changes from one second to the next, the idle deadline's count for the idle
 * warning (root data `auth.idleMsLeft`), is rendered as a random mark and replaced with each
 * request's own count when the page is sent (`PageMarks`).
 */
import { randomInt } from 'node:crypto';
import { cookieName } from '../auth/cookies.ts';
import { sessionWithActivity } from '../auth/sessions.ts';
import { sessionCookieBase } from '../auth/session.ts';
import { todayForVariant } from '../dates.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { sha256Hex } from '../security/crypto.ts';
import type { PageCacheOptions } from './page-cache.ts';

/** The pages kept per debtor: a variant's dashboard and claim information (no other address). */
export const ownPagePath = /^\/[^/]+\/(?:dashboard|claim-information)\/?$/;

export function ownPages(options: {
  /** Something that changes whenever the maintenance switch does (part of the key). */
  maintenanceStamp: () => Promise<string>;
  now?: () => Date;
}): PageCacheOptions['lookup'] {
  const sessionCookie = cookieName(sessionCookieBase);
  return async (req) => {
    if (!ownPagePath.test(req.path)) return null;
    const now = options.now?.() ?? new Date();
    const session = await readSession(req.headers.cookie ?? null, now);
    // No session, none valid (the page's guard sends the request to sign in) or no database (the
    // page answers 503 with the notice): rendered for the request alone.
    if (!session) return null;
    const key = [
      req.protocol,
      req.get('host') ?? '',
      req.originalUrl,
      req.get('accept-language') ?? '',
      otherCookies(req.headers.cookie, sessionCookie),
      await options.maintenanceStamp(),
      session.idHash,
      session.debtorId,
      session.fileId,
      session.level,
      session.loginType,
      session.mustChangePassword,
      session.variant,
      session.fileVersion,
      todayForVariant(session.variant, now),
    ].join('\n');
    return { key: sha256Hex(key), session };
  };
}

async function readSession(cookieHeader: string | null, now: Date) {
  try {
    return await sessionWithActivity(cookieHeader, now);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
}

/** The idle count's mark in a page rendered to be kept: 15 digits no real count reaches (`PageMarks`). */
export function idleMark(): number {
  return Number(`8${String(randomInt(0, 1e14)).padStart(14, '0')}`);
}

/** Every cookie of the header but the session's, in a fixed order (they are part of the key as they are). */
function otherCookies(header: string | undefined, sessionCookie: string): string {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((pair) => pair && pair.split('=', 1)[0]?.trim() !== sessionCookie)
    .sort()
    .join('; ');
}
