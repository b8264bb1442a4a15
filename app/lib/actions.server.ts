import { redirect } from '@remix-run/node';
import { chatCookieBase } from '#server/assistant/conversations.ts';
import { cookieName } from '#server/auth/cookies.ts';
import { readCookie } from '#server/i18n/negotiate.ts';
import type { ActiveSession } from '#server/auth/session.ts';
import type { ActionContext } from '#server/actions/define.ts';
import type { Variant } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';

import { contextWithDatabase } from '#server/actions/run.ts';

export { checkAction, runAction } from '#server/actions/run.ts';

/** The assistant conversation open in this browser and the screen posted to (without the variant's base). */
function assistantOrigin(request: Request, variant: Variant): { conversationId: string; path: string } | null {
  const conversationId = readCookie(request.headers.get('Cookie'), cookieName(chatCookieBase));
  if (!conversationId) return null;
  const { pathname } = new URL(request.url);
  const path = pathname.startsWith(variant.basePath) ? pathname.slice(variant.basePath.length) || '/' : pathname;
  return { conversationId, path };
}

/**
 * The route door of the action layer (decision 037): who asks, from the route's session, variant,
 * language and client address. The action decides the rest (login level, file rules, input).
 */
export async function actionContext(args: {
  /** The request, when the route has it: an open assistant conversation is read from its cookie. */
  request?: Request;
  session: ActiveSession | null;
  variant: Variant;
  language: string;
  clientAddress: string;
}): Promise<ActionContext> {
  return contextWithDatabase({
    fromAssistant: args.request ? assistantOrigin(args.request, args.variant) : null,
    session: args.session
      ? {
          debtorId: args.session.debtorId,
          fileId: args.session.fileId,
          level: args.session.level,
          idHash: args.session.idHash,
        }
      : null,
    variant: args.variant.id,
    locale: args.language,
    now: new Date(),
    clientKey: args.clientAddress,
    door: 'page',
  });
}

/**
 * An action answered `stepUp`: the page's own step-up, the sign-in page (with the password, or in
 * reference-only mode when there is no session at all) returning to `returnTo`, as requireDebtor does.
 */
export function stepUpRedirect(variant: Variant, returnTo: string, signIn = false) {
  const query = `${signIn ? 'action=AZonly&' : ''}returnTo=${encodeURIComponent(returnTo)}`;
  return redirect(`${withBase(variant, '/signin')}?${query}`);
}

/** Where a request came from, as a return path for the step-up. */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
