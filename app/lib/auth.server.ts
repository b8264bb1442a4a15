import { redirect, type AppLoadContext } from '@remix-run/node';
import { clearSessionCookie, recordActivityForPage, sessionWithActivity } from '#server/auth/sessions.ts';
import { endedSession, findSession, type ActiveSession } from '#server/auth/session.ts';
import type { Variant } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';

/**
 * The loaders of one page view (root, the layouts, the page) share the session: Remix hands each
 * loader its own Request but all of them the load context the server made for the HTTP request,
 * so the session is read, and its activity recorded, once per load context. Only for reads (GET,
 * HEAD): an action may sign in, step up or sign out, and the loaders Remix runs after it in the
 * same context get a GET request of their own, so they read the session as the action left it.
 */
const sessionsByContext = new WeakMap<object, Promise<ActiveSession | null>>();

// Every page a debtor opens counts as activity: the idle deadline moves on (written at most once a minute).
const readActiveSession = (request: Request) => sessionWithActivity(request.headers.get('Cookie'));

/** The request's session with its activity recorded; once per page view for the loaders that pass their context. */
export async function activeSession(request: Request, context?: AppLoadContext): Promise<ActiveSession | null> {
  const method = request.method.toUpperCase();
  if (!context || (method !== 'GET' && method !== 'HEAD')) return readActiveSession(request);
  let shared = sessionsByContext.get(context);
  if (!shared) {
    shared = readActiveSession(request);
    sessionsByContext.set(context, shared);
  }
  const session = await shared;
  // Each caller gets its own copy: the guards below and the root must not see each other's changes.
  return session ? { ...session } : null;
}

/**
 * Guards for loaders and actions (spec 2.3). Without a session: to the sign-in page in
 * reference-only mode, remembering where the debtor wanted to go. A full session with a forced
 * password change: to set-password first. `full` additionally asks a reference-only session for the password.
 * A loader passes its `context` so that the session read for the root serves it too.
 */
export async function requireDebtor(
  request: Request,
  variant: Variant,
  options: { level?: 'limited' | 'full'; context?: AppLoadContext } = {},
): Promise<ActiveSession> {
  const shared = options.context !== undefined;
  const session = shared ? await activeSession(request, options.context) : await findSession(request);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  if (!session) {
    // A cookie whose session has ended: the sign-in page says why (idle, expired) and leads back
    // to this page; the stale cookie goes (issue 25, finding 10).
    const ended = await endedSession(request);
    throw redirect(
      `${withBase(variant, '/signin')}?action=AZonly&returnTo=${encodeURIComponent(returnTo)}${ended ? `&ended=${ended}` : ''}`,
      ended ? { headers: { 'Set-Cookie': clearSessionCookie() } } : undefined,
    );
  }
  // The forced change follows a password (or a full letter link): a reference-only session cannot
  // set one, so it is asked for the password where full login is needed, like any other.
  if (session.mustChangePassword && session.level === 'full') throw redirect(withBase(variant, '/signin/set-password'));
  if (options.level === 'full' && session.level !== 'full') {
    throw redirect(`${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(returnTo)}`);
  }
  if (!shared) session.idleExpiresAt = await recordActivityForPage(session);
  return session;
}
