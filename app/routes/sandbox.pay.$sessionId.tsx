import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { methods, type MethodKey } from '#server/payments/methods.ts';
import { sandboxProvider } from '#server/payments/checkout.ts';
import { Field } from '~/components/ui/Field';
import { i18next } from '~/i18next.server';
import { formatMoney } from '~/lib/format';
import { useRootData } from '~/root';
import checkoutStyles from '~/styles/checkout.css?url';
import { readForm } from '~/lib/form.server';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The sandbox payment provider's page (SANDBOX, not a real payment service). It lives outside
 * every variant (/sandbox/pay/<session>), as a provider's page would, without the portal's header
 * and footer (`handle.bare`). Wallets, instant and direct transfer, TWINT, Swish, open banking and
 * Norwegian payment requests: approve, decline, cancel, or let it time out, then back to the
 * portal. Card: the card form the portal shows in an iframe (`?embed=1`). Bank transfer and cash:
 * the bank or the shop's till reports the money. Plain form posts; no JavaScript needed, except
 * that inside the portal's iframe the page sends the whole window back to the portal by itself
 * (a link does it without JavaScript).
 */
const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;

export const cardSchema = z.object({
  cardNumber: z
    .string({ error: 'card.errors.number' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{13,19}$/.test(v) && luhn(v), 'card.errors.number'),
  expiry: z
    .string({ error: 'card.errors.expiry' })
    .trim()
    .refine((v) => {
      const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(v);
      if (!m) return false;
      const now = new Date();
      const year = 2000 + Number(m[2]);
      return year > now.getFullYear() || (year === now.getFullYear() && Number(m[1]) >= now.getMonth() + 1);
    }, 'card.errors.expiry'),
  cvc: z
    .string({ error: 'card.errors.cvc' })
    .trim()
    .regex(/^\d{3,4}$/, 'card.errors.cvc'),
});

const decisionSchema = z.enum(['approve', 'decline', 'cancel', 'timeout']);

export const handle = { i18n: ['common', 'sandbox', 'checkout'], bare: true };
export const links = stylesheets(checkoutStyles);

async function requireSandbox() {
  const provider = await sandboxProvider();
  if (!provider) throw new Response('Not Found', { status: 404 });
  return provider;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = await requireSandbox();
  const session = await provider.view(params.sessionId ?? '');
  if (!session) throw new Response('Not Found', { status: 404 });
  const t = await i18next.getFixedT(await i18next.getLocale(request), 'sandbox');
  const embed = new URL(request.url).searchParams.get('embed') === '1' && methods[session.method].flow === 'embedded';
  return { title: t('title'), embed, session };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

type Errors = Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>;

export async function action({ request, params }: ActionFunctionArgs) {
  const provider = await requireSandbox();
  const id = params.sessionId ?? '';
  const session = await provider.view(id);
  if (!session) throw new Response('Not Found', { status: 404 });
  const formData = await readForm(request);
  const decision = decisionSchema.safeParse(formData.get('decision'));
  if (!decision.success)
    return data({ errors: {} as Errors, redirectTo: null as string | null, finished: false }, { status: 400 });
  const embedded = methods[session.method].flow === 'embedded';
  if (embedded && decision.data === 'approve') {
    const card = cardSchema.safeParse(Object.fromEntries(formData));
    if (!card.success) {
      const errors: Errors = {};
      for (const issue of card.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
      return data({ errors, redirectTo: null, finished: false }, { status: 400 });
    }
  }
  const answer = await provider.decide(id, decision.data);
  if (!answer.ok)
    return data(
      { errors: {} as Errors, redirectTo: null, finished: true },
      { status: answer.error === 'notFound' ? 404 : 409 },
    );
  // In the portal's iframe the whole window must go back to the portal: the page does that itself.
  if (embedded) return { errors: {} as Errors, redirectTo: answer.redirectTo, finished: true };
  return redirect(answer.redirectTo);
}

const look = {
  frame: {
    maxWidth: '30rem',
    margin: '0 auto',
    background: '#fff',
    border: '1px solid #cfd6de',
    borderRadius: '12px',
    padding: '1.25rem 1.5rem 1.5rem',
    boxShadow: '0 0.5rem 1.5rem rgba(16, 24, 40, 0.12)',
  },
  brand: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '0.75rem',
    borderBottom: '1px solid #e4e7ec',
    paddingBottom: '0.75rem',
    marginBottom: '1rem',
  },
  logo: { fontWeight: 800, fontSize: '1.2rem', color: '#1b242e', letterSpacing: '-0.01em' },
  badge: {
    background: '#b42318',
    color: '#fff',
    fontWeight: 700,
    fontSize: '0.8rem',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    borderRadius: '0.375rem',
    padding: '0.2rem 0.5rem',
  },
  amount: { fontSize: '1.9rem', fontWeight: 750, margin: '0.25rem 0 1rem', fontVariantNumeric: 'tabular-nums' },
} as const;

export default function SandboxPaymentPage() {
  const { embed, session } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const { t } = useTranslation(['sandbox', 'checkout', 'common']);
  const locale = root?.locale ?? 'de-DE';
  const method = session.method as MethodKey;
  const flow = methods[method].flow;
  const redirectTo = actionData?.redirectTo ?? null;
  const errors: Errors = actionData?.errors ?? {};
  const finished = session.finished || Boolean(actionData?.finished);

  useEffect(() => {
    if (redirectTo && window.top) window.top.location.href = redirectTo;
  }, [redirectTo]);

  const amount = formatMoney(session.amountMinor, session.currency, locale);
  const buttons = (approveLabel: string) => (
    <div className="button-row">
      <button type="submit" name="decision" value="approve" className="button">
        {approveLabel}
      </button>
      <button type="submit" name="decision" value="decline" className="button button--secondary" formNoValidate>
        {t('decline')}
      </button>
      <button type="submit" name="decision" value="cancel" className="button button--secondary" formNoValidate>
        {t('cancel')}
      </button>
      {flow !== 'embedded' ? (
        <button type="submit" name="decision" value="timeout" className="button button--quiet" formNoValidate>
          {t('timeout')}
        </button>
      ) : null}
    </div>
  );

  return (
    <div className={embed ? 'page' : 'container page'} style={embed ? { padding: '1rem' } : undefined}>
      <div style={embed ? { ...look.frame, boxShadow: 'none', border: 0, padding: 0 } : look.frame}>
        <div style={look.brand}>
          <span style={look.logo}>SandboxPay</span>
          <span style={look.badge}>{t('badge')}</span>
        </div>
        <h1 style={embed ? { fontSize: '1.5rem' } : undefined}>
          {t(`heading.${flow}`, { method: t(`checkout:methods.${method}.name`) })}
        </h1>
        <p className="panel panel--warning">{t('notice')}</p>
        <p className="muted" style={{ margin: 0 }}>
          {t('amount')}
        </p>
        <p style={look.amount} data-testid="sandbox-amount">
          {amount}
        </p>
        {session.slipNumber ? <p>{t('slip', { number: session.slipNumber })}</p> : null}

        {redirectTo ? (
          <div className="panel panel--success" role="status">
            <p>{t('done')}</p>
            <p>
              <a href={redirectTo} target="_top">
                {t('returnToMerchant')}
              </a>
            </p>
          </div>
        ) : finished ? (
          <div className="panel" role="status">
            <p>{t('finished')}</p>
            {session.returnTo ? (
              <p>
                <a href={session.returnTo} target="_top">
                  {t('returnToMerchant')}
                </a>
              </p>
            ) : null}
          </div>
        ) : flow === 'embedded' ? (
          <form method="post" noValidate>
            <p className="muted">{t('card.testNumbers')}</p>
            <Field
              id="cardNumber"
              name="cardNumber"
              label={t('card.number')}
              autoComplete="cc-number"
              inputMode="numeric"
              error={errors.cardNumber ? t(errors.cardNumber) : undefined}
              className="input--code"
              required
            />
            <Field
              id="expiry"
              name="expiry"
              label={t('card.expiry')}
              hint={t('card.expiryHint')}
              autoComplete="cc-exp"
              inputMode="numeric"
              error={errors.expiry ? t(errors.expiry) : undefined}
              required
            />
            <Field
              id="cvc"
              name="cvc"
              label={t('card.cvc')}
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              error={errors.cvc ? t(errors.cvc) : undefined}
              required
            />
            {buttons(t('card.pay', { amount }))}
          </form>
        ) : (
          <form method="post">
            <p>{t(`text.${flow === 'instructions' ? (method === '5' ? 'cash' : 'transfer') : 'redirect'}`)}</p>
            {buttons(t(flow === 'instructions' ? (method === '5' ? 'cashApprove' : 'transferApprove') : 'approve'))}
          </form>
        )}
      </div>
    </div>
  );
}
