import { redirect } from '@remix-run/node';
import { recordActivity } from '#server/auth/sessions.ts';
import { findSession, type ActiveSession } from '#server/auth/session.ts';
import { getDatabase } from '#server/db/client.ts';
import type { Variant } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';

/**
 * Guards for loaders and actions (spec 2.3). Without a session: to the sign-in page in
 * reference-only mode, remembering where the debtor wanted to go. A full session with a forced
 * password change: to set-password first. `full` additionally asks a reference-only session for the password.
 */
export async function requireDebtor(
  request: Request,
  variant: Variant,
  options: { level?: 'limited' | 'full' } = {},
): Promise<ActiveSession> {
  const db = await getDatabase();
  const session = await findSession(request, db);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  if (!session) {
    throw redirect(`${withBase(variant, '/signin')}?action=AZonly&returnTo=${encodeURIComponent(returnTo)}`);
  }
  // The forced change follows a password (or a full letter link): a reference-only session cannot
  // set one, so it is asked for the password where full login is needed, like any other.
  if (session.mustChangePassword && session.level === 'full') throw redirect(withBase(variant, '/signin/set-password'));
  if (options.level === 'full' && session.level !== 'full') {
    throw redirect(`${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(returnTo)}`);
  }
  session.idleExpiresAt = await recordActivity(db, session);
  return session;
}
