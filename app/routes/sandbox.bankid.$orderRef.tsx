import { hiddenInputProps } from '~/lib/hidden-input';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useSubmissionRounds } from '~/lib/use-submission';
import { z } from 'zod';
import { sandboxProviderForPage } from '#server/auth/bank-id/factory.ts';
import { parsePersonalNumber } from '#server/auth/bank-id/provider.ts';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { i18next } from '~/i18next.server';
import { readForm } from '~/lib/form.server';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta } from '~/lib/meta';
import { FormField } from '~/components/forms/FormField';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The sandbox provider's "identity app" (SANDBOX, not a real identity service). The portal's
 * "Open BankID on this device" link and the Norwegian login open it. It shows the order and asks
 * for a personal identity number; Approve completes the order as that person, Decline fails it.
 * Sweden: the portal's polling sees the result. Norway: the app sends the browser back to the
 * portal's callback with code and state (or error=access_denied).
 *
 * It lives outside every variant (/sandbox/bankid/<orderRef>), as a third party's page would, and
 * exists only while the sandbox is the configured provider. Plain form posts; no JavaScript needed.
 */
export const sandboxSchema = z
  .object({
    intent: z.enum(['approve', 'decline']),
    country: z.enum(['SE', 'NO']),
    personalNumber: z.string().max(20).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== 'approve') return;
    if (!value.personalNumber)
      ctx.addIssue({ code: 'custom', path: ['personalNumber'], message: 'sandbox.errors.required' });
    else if (!parsePersonalNumber(value.country, value.personalNumber))
      ctx.addIssue({ code: 'custom', path: ['personalNumber'], message: `sandbox.errors.format${value.country}` });
  });

export const handle = { i18n: ['common', 'bankid'] };

async function requireSandbox() {
  const provider = await sandboxProviderForPage();
  if (!provider) throw new Response('Not Found', { status: 404 });
  return provider;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = await requireSandbox();
  const order = await provider.openInApp(params.orderRef ?? '');
  if (!order) throw new Response('Not Found', { status: 404 });
  const t = await i18next.getFixedT(await i18next.getLocale(request), 'bankid');
  const expired = order.status === 'failed' && order.hint === 'expiredTransaction';
  return { title: t(`sandbox.title${order.country}`), country: order.country, finished: order.finished, expired };
}

// No `referrer: no-referrer` here: with it, browsers send `Origin: null` on a plain form post, and
// the server's same-origin check (server/http/security.ts) refuses the post when JavaScript is off.
export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

type Done = 'approved' | 'declined' | 'finished' | 'expired';

export async function action({ request, params }: ActionFunctionArgs) {
  const provider = await requireSandbox();
  const submission = parseWithZod(await readForm(request), { error: fieldError, schema: sandboxSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const orderRef = params.orderRef ?? '';
  const answer =
    submission.value.intent === 'approve'
      ? await provider.approve(orderRef, submission.value.personalNumber ?? '')
      : await provider.decline(orderRef);
  if (answer.ok) {
    if (answer.country === 'NO') return redirect(answer.redirectTo);
    return { done: (submission.value.intent === 'approve' ? 'approved' : 'declined') as Done };
  }
  switch (answer.error) {
    case 'notFound':
      throw new Response('Not Found', { status: 404 });
    case 'invalidPersonalNumber':
      // The country in the form is only for the browser's check; the order's own country decides.
      return data(
        { result: submission.reply({ fieldErrors: { personalNumber: ['sandbox.errors.formatSE'] } }) },
        { status: 400 },
      );
    case 'expired':
      return data({ done: 'expired' as Done }, { status: 409 });
    case 'finished':
      return data({ done: 'finished' as Done }, { status: 409 });
  }
}

const phone = {
  frame: {
    maxWidth: '23rem',
    margin: '0 auto',
    border: '0.75rem solid #1f2933',
    borderRadius: '2.25rem',
    padding: '1rem 1.25rem 1.75rem',
    background: '#fff',
    boxShadow: '0 0.75rem 2rem rgba(0, 0, 0, 0.18)',
  },
  speaker: {
    width: '5.5rem',
    height: '0.375rem',
    background: '#1f2933',
    borderRadius: '0.25rem',
    margin: '0 auto 1rem',
  },
  badge: {
    background: '#b42318',
    color: '#fff',
    textAlign: 'center',
    fontWeight: 700,
    letterSpacing: '0.1em',
    textTransform: 'uppercase',
    borderRadius: '0.375rem',
    padding: '0.25rem 0.5rem',
    margin: '0 0 1rem',
  },
} as const;

export default function SandboxIdentityApp() {
  const { title, country, finished, expired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['bankid', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: 'sandbox-bankid',
    schema: sandboxSchema,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: { country, personalNumber: '' },
  });
  const done: Done | null =
    actionData && 'done' in actionData ? actionData.done : expired ? 'expired' : finished ? 'finished' : null;
  const personalNumberError = fields.personalNumber.errors?.[0];
  // The server answers "format" without knowing which country the browser thought it was.
  const errorText = personalNumberError
    ? t(
        personalNumberError.startsWith('sandbox.errors.format')
          ? `sandbox.errors.format${country}`
          : personalNumberError,
      )
    : undefined;

  return (
    <div className="container page">
      <div style={phone.frame}>
        <div style={phone.speaker} aria-hidden="true" />
        <p style={phone.badge}>{t('sandbox.badge')}</p>
        <h1>{title}</h1>
        <p className="panel panel--warning">{t('sandbox.notice')}</p>
        <dl className="definition-list">
          <dt>{t('sandbox.country')}</dt>
          <dd>{t(`sandbox.countries.${country}`)}</dd>
        </dl>
        {done ? (
          <div className={`panel${done === 'approved' ? ' panel--success' : ''}`} role="status">
            <p>{t(`sandbox.${done}`)}</p>
          </div>
        ) : (
          <>
            <p className="lead">{t('sandbox.request')}</p>
            <ErrorSummary
              errors={errorText ? [{ fieldId: fields.personalNumber.id, message: errorText }] : []}
              round={rounds.round}
            />
            <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
              <input {...hiddenInputProps(fields.country)} />
              <FormField
                meta={fields.personalNumber}
                label={t('sandbox.personalNumber.label')}
                hint={t(`sandbox.personalNumber.hint${country}`)}
                error={errorText}
                className="input--code"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                required
              />
              <div className="button-row">
                <SubmitButton name="intent" value="approve">
                  {t('sandbox.approve')}
                </SubmitButton>
                <SubmitButton name="intent" value="decline" formNoValidate className="button button--secondary">
                  {t('sandbox.decline')}
                </SubmitButton>
              </div>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
