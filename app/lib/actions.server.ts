import { redirect } from '@remix-run/node';
import type { ActiveSession } from '#server/auth/session.ts';
import type { ActionContext } from '#server/actions/define.ts';
import { getDatabase } from '#server/db/client.ts';
import type { Variant } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';

export { checkAction, runAction } from '#server/actions/run.ts';

/**
 * The route door of the action layer (decision 037): who asks, from the route's session, variant,
 * language and client address. The action decides the rest (login level, file rules, input).
 */
export async function actionContext(args: {
  session: ActiveSession | null;
  variant: Variant;
  language: string;
  clientAddress: string;
}): Promise<ActionContext> {
  return {
    db: await getDatabase(),
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
  };
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
