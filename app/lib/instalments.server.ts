import type { Submission } from '@conform-to/react';
import { data, redirect } from '@remix-run/node';
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ActiveSession } from '#server/auth/session.ts';
import { guardsFor } from '#server/instalments/guards.ts';
import { getDatabase, type Database } from '#server/db/client.ts';
import {
  checkMandateIdentity,
  loadFileContext,
  type ActionContext,
  type FileContext,
} from '#server/instalments/service.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import type { Namespace } from '~/i18n';
import { requireDebtor } from '~/lib/auth.server';
import { pageContext } from '~/lib/route-helpers.server';

/**
 * The start of every instalment page's loader and action: the variant and language, the
 * debtor's session (sign-in first), the file's context, the file's own variant, and the state
 * guards of spec 2.3. A debtor in the wrong state goes to /checkout/unavailable, which explains.
 */
export async function instalmentPage(
  request: Request,
  params: LoaderFunctionArgs['params'],
  options: { guards: 'sepa' | 'agreement'; ns?: readonly [Namespace, ...Namespace[]] },
): Promise<Awaited<ReturnType<typeof pageContext>> & { session: ActiveSession; ctx: FileContext }> {
  const page = await pageContext(request, params, options.ns ?? ['instalments', 'common']);
  const session = await requireDebtor(request, page.variant);
  const ctx = await loadFileContext(await getDatabase(), session);
  if (!ctx) throw redirect(withBase(page.variant, '/signin?action=AZonly'));
  if (ctx.variant !== page.variant.id) {
    const url = new URL(request.url);
    const path = url.pathname.slice(page.variant.basePath.length) || '/';
    throw redirect(`${withBase(variants[ctx.variant as VariantId] ?? page.variant, path)}${url.search}`);
  }
  const decision = guardsFor(options.guards, ctx.facts);
  if (decision) throw redirect(`${withBase(page.variant, '/checkout/unavailable')}?reason=${decision.reason}`);
  return { ...page, session, ctx };
}

/**
 * The mandate step's identity check in the action (pay in instalments, pay later): the postal
 * code must match the file, otherwise the portal password is asked. Null when the debtor may sign;
 * otherwise the form's reply with the message at the field (the password hidden), 400, or 429
 * past the attempt limit.
 */
export async function mandateIdentityRefusal(
  db: Database,
  session: ActiveSession,
  submission: Extract<Submission<unknown, string[], { postalCode: string; password?: string }>, { status: 'success' }>,
  actx: ActionContext,
) {
  const v = submission.value;
  const identity = await checkMandateIdentity(
    db,
    session,
    { postalCode: v.postalCode, password: v.password ?? null },
    actx,
  );
  if (identity.ok) return null;
  const fieldErrors: Record<string, string[]> =
    identity.error === 'passwordRequired'
      ? { postalCode: ['errors.postalCodeMismatch'] }
      : identity.error === 'wrongPassword'
        ? { password: ['errors.wrongPassword'] }
        : identity.error === 'noPassword'
          ? { postalCode: ['errors.postalCodeNoPassword'] }
          : { postalCode: ['errors.attemptsExceeded'] };
  return data(
    {
      result: submission.reply({ fieldErrors, hideFields: ['password'] }),
      askPassword: identity.error === 'passwordRequired' || identity.error === 'wrongPassword',
      error: identity.error,
    },
    { status: identity.error === 'attemptsExceeded' ? 429 : 400 },
  );
}
