/**
 * The debtor closed the chat pane (the pane sends this with `navigator.sendBeacon`): the turns of
 * this browser's conversation whose offer was neither followed nor completed are recorded as
 * abandoned in the intent log (issue 15, decision 049). The conversation is found by its own
 * cookie, never by the session; without one nothing happens. Always 204: it is a record, not a
 * request for anything.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { chatCookieBase } from '#server/assistant/conversations.ts';
import { abandonConversationForPage } from '#server/assistant/intent-log.ts';
import { cookieName } from '#server/auth/cookies.ts';
import { readCookie } from '#server/i18n/negotiate.ts';

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}

export async function action({ request }: ActionFunctionArgs) {
  const conversationId = readCookie(request.headers.get('Cookie'), cookieName(chatCookieBase));
  if (conversationId) await abandonConversationForPage(conversationId).catch(() => 0);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
