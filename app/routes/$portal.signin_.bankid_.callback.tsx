import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  completeNorwegianLogin,
  readFlow,
  replyTo,
  setCookieHeaders,
  type BankIdFailure,
} from '#server/auth/bank-id/sign-in.ts';
import { i18next } from '~/i18next.server';
import { bankIdPage } from '~/lib/bank-id.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { BankIdFailurePanel } from '~/components/BankIdEntry';
import { privatePageMeta } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The Norwegian provider sends the browser back here with `code` and `state` (or `error` and
 * `state` when the debtor declined). The state must be the one this browser was given when the
 * login started, the code is exchanged once (AuthenticateNo), and a verified identity goes
 * straight to the dashboard, so code and state leave the address bar at once. Anything else
 * ends here with an explanation and a way to start again.
 *
 * The file name keeps the URL /signin/bankid/callback but not the nesting under the BankID page
 * (whose loader would start a new login).
 */
export const callbackSchema = z.union([
  z.object({ code: z.string().min(1).max(512), state: z.string().min(1).max(200) }),
  z.object({ error: z.string().min(1).max(200), state: z.string().min(1).max(200) }),
]);

export const handle = { i18n: ['common', 'bankid'] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, ctx } = await bankIdPage(request, params, context.clientAddress, 'bankIdNo');
  const t = await i18next.getFixedT(await i18next.getLocale(request), 'bankid');
  const title = documentTitle(t('callback.title'), variant.brand.name);

  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = callbackSchema.safeParse(query);
  const flow = readFlow(request);
  const outcome = parsed.success
    ? await completeNorwegianLogin(ctx, flow, parsed.data)
    : ({ status: 'failed', reason: 'stateMismatch' } as const);
  const reply = replyTo(outcome, flow);
  const headers = setCookieHeaders(reply.setCookies);
  if (reply.kind === 'redirect') throw redirect(reply.location, { headers });
  const reason: BankIdFailure = reply.body.phase === 'failed' ? reply.body.reason : 'unknownOrder';
  return data({ title, reason }, { status: reply.status, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  ...privatePageMeta(d?.title),
  { name: 'referrer', content: 'no-referrer' },
];

export default function BankIdCallback() {
  const { reason } = useLoaderData<typeof loader>();
  const { variant } = useRootData()!;
  const { t } = useTranslation(['bankid', 'common']);
  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('callback.title')}</h1>
        <BankIdFailurePanel reason={reason} variant={variant} />
        {/* A plain link: the BankID page starts a new login and leaves for the provider. */}
        <p>
          <a className="button" href={href(variant, '/signin/bankid')}>
            {t('retry')}
          </a>
        </p>
        <p className="mode-switch">
          <Link to={`${href(variant, '/signin')}?action=AZonly`}>{t('otherWay')}</Link>
        </p>
      </div>
    </div>
  );
}
