import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { cookieName, serializeCookie } from '#server/auth/cookies.ts';
import { readCookie } from '#server/i18n/negotiate.ts';
import { consentCookieName, consentMaxAgeSeconds } from '#server/privacy/consent.ts';
import { withBase } from '#server/variants/resolve.ts';
import { documentTitle, pageContext, requireVariant, safeReturnPath } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/** Cookie settings: the same choice as the banner, to change or withdraw at any time. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params);
  const choice = readCookie(request.headers.get('Cookie'), cookieName(consentCookieName));
  return {
    title: documentTitle(t('consent.settingsTitle'), variant.brand.name),
    choice: choice === 'granted' || choice === 'denied' ? choice : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Stores the analytics choice (granted or denied) and returns to the page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const variant = requireVariant(params);
  const form = await readForm(request);
  const choice = form.get('choice') === 'granted' ? 'granted' : 'denied';
  return redirect(safeReturnPath(form.get('returnTo'), withBase(variant, '/')), {
    headers: {
      'Set-Cookie': serializeCookie(cookieName(consentCookieName), choice, { maxAgeSeconds: consentMaxAgeSeconds }),
    },
  });
}

export default function ConsentSettings() {
  const { choice } = useLoaderData<typeof loader>();
  const { variant } = useRootData()!;
  const { t } = useTranslation();
  return (
    <div className="container page">
      <div className="prose">
        <h1>{t('consent.settingsTitle')}</h1>
        <p className="lead">{t('consent.text')}</p>
        <p>
          {choice
            ? t(choice === 'granted' ? 'consent.currentGranted' : 'consent.currentDenied')
            : t('consent.currentNone')}
        </p>
        <Form method="post" className="button-row">
          <input type="hidden" name="returnTo" value={href(variant, '/consent')} />
          {(
            [
              ['granted', 'consent.accept'],
              ['denied', 'consent.decline'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="submit"
              name="choice"
              value={value}
              className="button button--secondary"
              aria-pressed={choice === value}
            >
              {t(label)}
            </button>
          ))}
        </Form>
        <p>
          <Link to={href(variant, '/privacy#analytics')}>{t('consent.more')}</Link>
        </p>
      </div>
    </div>
  );
}
