/**
 * The assistant's links go through here: `/assistant/follow?to=/checkout/pay-installments?rate=50`
 * records that the turn which offered that screen was followed (issue 15: the intent log's
 * outcome), then redirects to it. `to` is a path of this portal only (letters, digits and
 * `-_./?=&%`); anything else goes to the home page, so this is no open redirect. Works without
 * JavaScript: the pane and /chatbot render plain links to it.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { chatCookieBase } from '#server/assistant/conversations.ts';
import { recordFollowUpForPage } from '#server/assistant/intent-log.ts';
import { cookieName } from '#server/auth/cookies.ts';
import { readCookie } from '#server/i18n/negotiate.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireVariant } from '~/lib/route-helpers.server';

/** A path inside the portal, below the variant's base: no scheme, no host, no `//`, no `..`, no backslash. */
function followTarget(value: string | null): string | null {
  if (!value || value.length > 500) return null;
  if (!/^\/[A-Za-z0-9\-_./]*(?:\?[A-Za-z0-9\-_.~=&%]*)?$/.test(value)) return null;
  if (value.startsWith('//') || value.split('?')[0]!.split('/').includes('..')) return null;
  return value;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const variant = requireVariant(params);
  const target = followTarget(new URL(request.url).searchParams.get('to'));
  if (!target) throw redirect(withBase(variant, '/'));
  const conversationId = readCookie(request.headers.get('Cookie'), cookieName(chatCookieBase));
  if (conversationId) {
    // A record, never a condition: the debtor gets to the screen whatever the log says.
    await recordFollowUpForPage(conversationId, target, 'linkFollowed').catch(() => false);
  }
  throw redirect(withBase(variant, target), { headers: { 'Cache-Control': 'no-store' } });
}
