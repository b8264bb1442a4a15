import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readLetterToken, redeemLetterLinkForPage } from '#server/auth/letter-links.ts';
import { findSession } from '#server/auth/session.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
import { privatePageMeta } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The letter's QR code opens this page. Opening it changes nothing (mail scanners and link
 * previews must not use up the link): the page sends the token at once by POST and removes it
 * from the address bar; without JavaScript one button does the same.
 */
export const handle = { i18n: ['common', 'signin'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'signin');
  return {
    title: documentTitle(t('letterLink.title'), variant.brand.name),
    token: params.token ?? '',
    looksValid: readLetterToken(params.token ?? '') !== null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant } = await pageContext(request, params, 'signin');
  const form = await readForm(request);
  const token = String(form.get('token') ?? '');
  const current = await findSession(request);
  const result = await redeemLetterLinkForPage(token, {
    clientAddress: context.clientAddress,
    currentSession: current?.idHash,
  });
  if (!result.ok) return data({ error: result.error }, { status: result.error === 'measureRunning' ? 403 : 400 });
  const fileVariant = variants[result.variant as VariantId] ?? variant;
  const target = withBase(
    fileVariant,
    result.mustChangePassword && result.level === 'full' ? '/signin/set-password' : '/dashboard',
  );
  return redirect(target, { headers: { 'Set-Cookie': result.cookie } });
}

/** A layout effect in the browser; on the server (where it would warn) a no-op effect. */
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export default function LetterLink() {
  const { token, looksValid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant } = useRootData()!;
  const { t } = useTranslation('signin');
  const form = useRef<HTMLFormElement>(null);
  useBeforePaint(() => {
    // Keep the token out of the address bar, the history and any later referrer. This runs
    // before the browser paints, so the answer (e.g. "already used") is never on screen while
    // the router's own update still shows the token.
    window.history.replaceState(null, '', href(variant, '/signin'));
    if (looksValid && !actionData) form.current?.requestSubmit();
  }, [looksValid, actionData, variant]);
  const error = actionData?.error ?? (looksValid ? null : 'invalid');
  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('letterLink.title')}</h1>
        {error ? (
          <div className="panel panel--warning" role="alert">
            <p>{t(`letterLink.errors.${error}`)}</p>
            <p>
              <Link to={`${href(variant, '/signin')}?action=AZonly`}>{t('letterLink.signInInstead')}</Link>
            </p>
          </div>
        ) : (
          <Form method="post" ref={form} replace>
            <input type="hidden" name="token" value={token} />
            <p className="lead">{t('letterLink.lead')}</p>
            <button type="submit" className="button">
              {t('letterLink.continue')}
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
