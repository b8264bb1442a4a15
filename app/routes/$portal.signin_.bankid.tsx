import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useEffect } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  cancelSwedishLogin,
  clearFlowCookie,
  readFlow,
  startNorwegianLogin,
  startSwedishLogin,
  type ProgressBody,
} from '#server/auth/bank-id/sign-in.ts';
import { publicUrl } from '#server/variants/public-url.ts';
import { sandboxLink } from '#server/variants/resolve.ts';
import { i18next } from '~/i18next.server';
import { bankIdPage, collectReply } from '~/lib/bank-id.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { BankIdFailurePanel } from '~/components/BankIdEntry';
import { readForm } from '~/lib/form.server';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Sign-in with bank identity.
 *
 * Sweden (variants with loginMethods bankIdSe): the page starts an order on POST, shows "Open
 * BankID on this device" and a status area; with JavaScript it polls the collect route every two
 * seconds, without it "I have confirmed – continue" posts a collect here. Complete goes to the
 * dashboard, failed shows the reason and a retry, Cancel cancels the order.
 *
 * Norway (bankIdNo): opening the page starts a login and redirects to the provider; the provider
 * comes back to /signin/bankid/callback.
 *
 * Everywhere else the page does not exist (404). The file name keeps the URL /signin/bankid but
 * not the nesting: `signin_` stops it from rendering inside the sign-in page.
 */
export const bankIdSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('collect'), orderRef: z.string().min(1).max(100) }),
  z.object({ intent: z.literal('cancel') }),
]);

export const handle = { i18n: ['common', 'bankid'] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, method, ctx } = await bankIdPage(request, params, context.clientAddress);
  if (method === 'bankIdNo') {
    // GetAuthUrl: the provider's page, which comes back to the callback with code and state.
    const callbackUrl = publicUrl(variant, '/signin/bankid/callback');
    const { url, cookie } = await startNorwegianLogin(ctx, callbackUrl);
    throw redirect(sandboxLink(url, variant, await i18next.getLocale(request)), { headers: { 'Set-Cookie': cookie } });
  }
  const t = await i18next.getFixedT(await i18next.getLocale(request), 'bankid');
  return { title: documentTitle(t('title'), variant.brand.name), sandbox: ctx.provider.isSandbox };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

type PageState = ProgressBody | { phase: 'cancelled' };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, method, ctx } = await bankIdPage(request, params, context.clientAddress);
  if (method !== 'bankIdSe') throw new Response('Method Not Allowed', { status: 405 });
  const submission = parseWithZod(await readForm(request), { error: fieldError, schema: bankIdSchema });
  if (submission.status !== 'success')
    return data<PageState>({ phase: 'failed', reason: 'unknownOrder' }, { status: 400 });
  const flow = readFlow(request);

  switch (submission.value.intent) {
    case 'start': {
      // A new start replaces an order still running in this browser.
      if (flow?.country === 'SE') await cancelSwedishLogin(ctx, flow);
      const order = await startSwedishLogin(ctx);
      return data<PageState>(
        {
          phase: 'pending',
          orderRef: order.orderRef,
          launchUrl: sandboxLink(order.launchUrl, variant, await i18next.getLocale(request)),
          hint: 'outstandingTransaction',
        },
        { headers: { 'Set-Cookie': order.cookie } },
      );
    }
    case 'collect':
      return collectReply(request, { variant, ctx }, submission.value.orderRef);
    case 'cancel':
      await cancelSwedishLogin(ctx, flow);
      return data<PageState>({ phase: 'cancelled' }, { headers: { 'Set-Cookie': clearFlowCookie() } });
  }
}

export default function BankIdSignIn() {
  const { sandbox } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { variant } = useRootData()!;
  const { t } = useTranslation(['bankid', 'common']);
  const scripted = useHydrated();

  const orderRef = actionData?.phase === 'pending' ? actionData.orderRef : null;
  // One fetcher per order: a retry starts from a clean slate.
  const poll = useFetcher<ProgressBody>({ key: `bankid-collect-${orderRef ?? 'none'}` });
  const view: PageState | null = actionData?.phase === 'pending' && poll.data ? poll.data : (actionData ?? null);
  const pending = view?.phase === 'pending' ? view : null;
  const launchUrl = pending?.launchUrl ?? (actionData?.phase === 'pending' ? actionData.launchUrl : null);
  const busy = navigation.state !== 'idle';

  // Collect two seconds after each answer, as long as the order is pending.
  useEffect(() => {
    if (!pending || !orderRef || poll.state !== 'idle') return;
    const timer = window.setTimeout(() => {
      poll.submit({ orderRef, type: 'auth' }, { method: 'post', action: href(variant, '/signin/bankid/collect') });
    }, 2000);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- poll.submit is stable; poll.data restarts the wait.
  }, [pending?.hint, orderRef, poll.state, poll.data, variant]);

  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('title')}</h1>
        {sandbox ? <p className="notice panel">{t('sandboxNotice')}</p> : null}

        {pending ? (
          <div className="card stack">
            <p>
              <a className="button button--block" href={launchUrl ?? '#'} target="_blank" rel="noopener noreferrer">
                {t('open')}
              </a>
            </p>
            <p className="hint muted">{t('openHint')}</p>
            <div className="panel" role="status" aria-live="polite">
              <h2>{t('statusTitle')}</h2>
              <p>{t(`hints.${pending.hint}`)}</p>
              <p className="muted">{t(scripted ? 'waiting' : 'waitingNoScript')}</p>
            </div>
            <div className="button-row">
              <Form method="post" replace>
                <input type="hidden" name="intent" value="collect" />
                <input type="hidden" name="orderRef" value={orderRef ?? ''} />
                <button type="submit" className="button" disabled={busy}>
                  {t('continue')}
                </button>
              </Form>
              <Form method="post" replace>
                <input type="hidden" name="intent" value="cancel" />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {t('cancel')}
                </button>
              </Form>
            </div>
          </div>
        ) : (
          <>
            {view?.phase === 'failed' ? (
              <BankIdFailurePanel reason={view.reason} variant={variant} />
            ) : view?.phase === 'cancelled' ? (
              <div className="panel" role="status">
                <p>{t('cancelled')}</p>
              </div>
            ) : (
              <p className="lead">{t('lead')}</p>
            )}
            <Form method="post" replace className="card">
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className="button button--block" disabled={busy}>
                {view ? t('retry') : t('start')}
              </button>
            </Form>
          </>
        )}

        <p className="mode-switch">
          <Link to={`${href(variant, '/signin')}?action=AZonly`}>{t('otherWay')}</Link>
        </p>
      </div>
    </div>
  );
}
