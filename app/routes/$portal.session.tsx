import { data, type ActionFunctionArgs } from '@remix-run/node';
import { touchSessionForPage } from '#server/auth/sessions.ts';
import { findSession } from '#server/auth/session.ts';
import { requireVariant } from '~/lib/route-helpers.server';

/** "Stay signed in" from the idle warning: extends the server session, or says it has ended. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireVariant(params);
  const session = await findSession(request);
  if (!session) return data({ ok: false as const }, { status: 401 });
  const idleExpiresAt = await touchSessionForPage(session.idHash);
  return { ok: true as const, msLeft: idleExpiresAt.getTime() - Date.now() };
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
