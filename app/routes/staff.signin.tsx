import { hiddenInputProps } from '~/lib/hidden-input';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { findStaffSessionForPage } from '#server/staff/sessions.ts';
import { staffPasswordStep } from '#server/staff/sign-in.ts';
import { useStaffForm } from '~/components/staff/use-staff-form';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { readForm } from '~/lib/form.server';
import { staffReturnPath, staffText } from '~/lib/staff.server';
import { summaryOf } from '~/lib/field-errors';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormField } from '~/components/forms/FormField';

/** One schema for the browser and the action; messages are keys of the staff namespace. */
export const staffSignInSchema = z.object({
  email: z.string({ error: 'signin.errors.required' }).trim().max(254).email({ error: 'signin.errors.email' }),
  password: z.string({ error: 'signin.errors.required' }).max(256),
  returnTo: z.string().max(512).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await staffText(request);
  const session = await findStaffSessionForPage(request);
  const returnTo = staffReturnPath(new URL(request.url).searchParams.get('returnTo'));
  if (session?.stage === 'full') throw redirect(returnTo);
  return {
    title: t('meta.title', { page: t('signin.title') }),
    returnTo,
    signedOut: new URL(request.url).searchParams.has('signedOut'),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { error: fieldError, schema: staffSignInSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), retryMinutes: 0 }, { status: 400 });
  }
  const result = await staffPasswordStep(
    { email: submission.value.email, password: submission.value.password },
    { clientAddress: context.clientAddress },
  );
  if (!result.ok) {
    const locked = result.error === 'locked';
    return data(
      {
        result: submission.reply({
          formErrors: [locked ? 'signin.errors.locked' : 'signin.errors.wrongCredentials'],
          hideFields: ['password'],
        }),
        retryMinutes: locked ? Math.ceil(result.retryAfterSeconds / 60) : 0,
      },
      {
        status: locked ? 429 : 401,
        headers: locked ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  const next = `/staff/code?returnTo=${encodeURIComponent(staffReturnPath(submission.value.returnTo))}`;
  return redirect(next, { headers: { 'Set-Cookie': result.cookie } });
}

export default function StaffSignIn() {
  const { returnTo, signedOut } = useLoaderData<typeof loader>();
  const { t, rounds, form, fields, message } = useStaffForm(useActionData<typeof action>(), {
    id: 'staff-signin',
    schema: staffSignInSchema,
    defaultValue: { returnTo },
  });
  const summary = summaryOf(form.errors, fields.email, [fields.email, fields.password], message);
  return (
    <div className="staff-page staff-page--narrow">
      <h1>{t('signin.title')}</h1>
      <p className="lead">{t('signin.lead')}</p>
      {signedOut ? (
        <p className="panel panel--success" role="status">
          {t('signin.signedOut')}
        </p>
      ) : null}
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input {...hiddenInputProps(fields.returnTo)} />
        <FormField
          meta={fields.email}
          error={message(fields.email.errors)}
          type="email"
          label={t('signin.email')}
          autoComplete="username"
          spellCheck={false}
          required
        />
        <FormField
          meta={fields.password}
          error={message(fields.password.errors)}
          type="password"
          label={t('signin.password')}
          autoComplete="current-password"
          required
        />
        <SubmitButton>{t('signin.submit')}</SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
