import { data, type ActionFunctionArgs } from '@remix-run/node';
import { touchSession } from '#server/auth/sessions.ts';
import { findSession } from '#server/auth/session.ts';
import { getDatabase } from '#server/db/client.ts';
import { requireVariant } from '~/lib/route-helpers.server';

/** "Stay signed in" from the idle warning: extends the server session, or says it has ended. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireVariant(params);
  const db = await getDatabase();
  const session = await findSession(request, db);
  if (!session) return data({ ok: false as const }, { status: 401 });
  const idleExpiresAt = await touchSession(db, session.idHash);
  return { ok: true as const, msLeft: idleExpiresAt.getTime() - Date.now() };
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
