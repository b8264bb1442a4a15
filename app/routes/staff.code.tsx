import { hiddenInputProps } from '~/lib/hidden-input';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { z } from 'zod';
import { findStaffSessionForPage } from '#server/staff/sessions.ts';
import { pendingEnrolmentForPage, staffCodeStep } from '#server/staff/sign-in.ts';
import { useStaffForm } from '~/components/staff/use-staff-form';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { readForm } from '~/lib/form.server';
import { staffReturnPath, staffText } from '~/lib/staff.server';
import { summaryOf } from '~/lib/field-errors';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormField } from '~/components/forms/FormField';

/** The second step: the TOTP code; at the first sign-in the QR code to set up the app comes first. */
export const staffCodeSchema = z.object({
  code: z
    .string({ error: 'code.errors.format' })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, { error: 'code.errors.format' }),
  returnTo: z.string().max(512).optional(),
});

async function halfSession(request: Request) {
  const session = await findStaffSessionForPage(request);
  if (session?.stage === 'full') throw redirect('/staff');
  if (!session) throw redirect('/staff/signin');
  return session;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await halfSession(request);
  const { t } = await staffText(request);
  const enrolment = await pendingEnrolmentForPage(session, t('issuer'));
  return {
    title: t('meta.title', { page: t(enrolment ? 'code.enrolTitle' : 'code.title') }),
    returnTo: staffReturnPath(new URL(request.url).searchParams.get('returnTo')),
    enrolment: enrolment ? { qr: enrolment.qrDataUrl, secret: enrolment.secret } : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await halfSession(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { error: fieldError, schema: staffCodeSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['code'] }), retryMinutes: 0 }, { status: 400 });
  }
  const result = await staffCodeStep(
    session,
    { code: submission.value.code },
    { clientAddress: context.clientAddress },
  );
  if (result.ok) {
    return redirect(staffReturnPath(submission.value.returnTo), { headers: { 'Set-Cookie': result.cookie } });
  }
  if (result.error === 'expired') throw redirect('/staff/signin');
  const locked = result.error === 'locked';
  return data(
    {
      result: submission.reply({
        fieldErrors: { code: [locked ? 'code.errors.locked' : 'code.errors.wrongCode'] },
        hideFields: ['code'],
      }),
      retryMinutes: 'retryAfterSeconds' in result ? Math.ceil(result.retryAfterSeconds / 60) : 0,
    },
    {
      status: locked ? 429 : 401,
      headers: 'retryAfterSeconds' in result ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined,
    },
  );
}

export default function StaffCode() {
  const { returnTo, enrolment } = useLoaderData<typeof loader>();
  const { t, rounds, form, fields, message } = useStaffForm(useActionData<typeof action>(), {
    id: 'staff-code',
    schema: staffCodeSchema,
    defaultValue: { returnTo },
  });
  const summary = summaryOf(undefined, fields.code, [fields.code], message);
  return (
    <div className="staff-page staff-page--narrow">
      <h1>{t(enrolment ? 'code.enrolTitle' : 'code.title')}</h1>
      <ErrorSummary errors={summary} round={rounds.round} />
      {enrolment ? (
        <div className="card staff-enrol">
          <p>{t('code.enrolLead')}</p>
          <img src={enrolment.qr} alt={t('code.qrAlt')} width={220} height={220} />
          <p>
            {t('code.secret')}: <code className="staff-secret">{enrolment.secret}</code>
          </p>
        </div>
      ) : (
        <p className="lead">{t('code.lead')}</p>
      )}
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input {...hiddenInputProps(fields.returnTo)} />
        <FormField
          meta={fields.code}
          error={message(fields.code.errors)}
          label={t('code.label')}
          hint={t('code.hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="input--code"
          maxLength={7}
          required
        />
        <SubmitButton>{t('code.submit')}</SubmitButton>
      </Form>
      <p>
        <Link to="/staff/signin">{t('code.restart')}</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
