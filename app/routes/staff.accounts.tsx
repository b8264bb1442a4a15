import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import {
  changeStaffAccountForPage,
  createStaffAccountForPage,
  listStaffAccountsForPage,
} from '#server/staff/accounts.ts';
import { staffRoles } from '#server/staff/constants.ts';
import { formatTime } from '~/components/staff/format';
import { useStaffForm } from '~/components/staff/use-staff-form';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { readForm } from '~/lib/form.server';
import { requireStaff, staffText, staffLocale } from '~/lib/staff.server';
import { summaryOf } from '~/lib/field-errors';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormField, FormSelectField } from '~/components/forms/FormField';
import { StaffTable } from '~/components/staff/StaffTable';

/** The admin's forms: a new account, or a change to one (role, disable, enable, new second factor). */
export const createAccountSchema = z.object({
  intent: z.literal('create'),
  email: z.string({ error: 'accounts.errors.email' }).trim().max(254).email({ error: 'accounts.errors.email' }),
  role: z.enum(staffRoles, { error: 'accounts.errors.role' }),
  password: z.string().min(12, { error: 'accounts.errors.password' }).max(256).optional(),
});
export const changeAccountSchema = z.object({
  intent: z.enum(['role', 'disable', 'enable', 'resetTotp']),
  accountId: z.coerce.number().int().min(1),
  role: z.enum(staffRoles).optional(),
});
const accountsSchema = z.discriminatedUnion('intent', [createAccountSchema, changeAccountSchema]);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { admin: true });
  const { t, language } = await staffText(request);
  return {
    title: t('meta.title', { page: t('accounts.title') }),
    locale: staffLocale(language),
    me: staff.staffId,
    accounts: await listStaffAccountsForPage(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { admin: true });
  const form = await readForm(request);
  const submission = parseWithZod(form, { error: fieldError, schema: accountsSchema });
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply({ hideFields: ['password'] }), created: null, changed: null },
      { status: 400 },
    );
  }
  const value = submission.value;
  if (value.intent === 'create') {
    const result = await createStaffAccountForPage(value, { actorId: staff.staffId });
    if (!result.ok) {
      return data(
        {
          result: submission.reply({ fieldErrors: { email: ['accounts.errors.exists'] }, hideFields: ['password'] }),
          created: null,
          changed: null,
        },
        { status: 409 },
      );
    }
    const { email, password, totpSecret } = result.account;
    return data({
      result: submission.reply({ resetForm: true }),
      created: { email, password, totpSecret },
      changed: null,
    });
  }
  const change =
    value.intent === 'role' ? { kind: 'role' as const, role: value.role ?? 'reviewer' } : { kind: value.intent };
  const result = await changeStaffAccountForPage(staff.staffId, value.accountId, change);
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [`accounts.errors.${result.error}`] }), created: null, changed: null },
      { status: result.error === 'notFound' ? 404 : 400 },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), created: null, changed: value.intent });
}

export default function StaffAccounts() {
  const { accounts, me, locale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, rounds, form, fields, message } = useStaffForm(actionData, {
    id: 'staff-account-new',
    schema: createAccountSchema,
    defaultValue: { intent: 'create', role: 'reviewer' },
    shouldRevalidate: 'onSubmit',
  });
  const summary = summaryOf(form.errors, fields.email, [fields.email, fields.role, fields.password], message);
  return (
    <div className="staff-page">
      <h1>{t('accounts.title')}</h1>
      <p className="lead">{t('accounts.lead')}</p>
      <ErrorSummary errors={summary} round={rounds.round} />
      {actionData?.created ? (
        <div className="panel panel--success" role="status">
          <p>{t('accounts.created', { email: actionData.created.email })}</p>
          <dl className="staff-facts">
            <div>
              <dt>{t('accounts.password')}</dt>
              <dd>
                <code>{actionData.created.password}</code>
              </dd>
            </div>
            <div>
              <dt>{t('accounts.totpSecret')}</dt>
              <dd>
                <code>{actionData.created.totpSecret}</code>
              </dd>
            </div>
          </dl>
          <p>{t('accounts.createdHint')}</p>
        </div>
      ) : null}
      {actionData?.changed ? (
        <p className="panel panel--success" role="status">
          {t('accounts.changed')}
        </p>
      ) : null}
      <div className="staff-table-wrap">
        <StaffTable
          columns={[
            t('accounts.email'),
            t('accounts.role'),
            t('accounts.state'),
            t('accounts.lastSignIn'),
            t('accounts.actions'),
          ]}
          caption={t('accounts.caption')}
        >
          {accounts.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.email}</th>
              <td>{t(`roles.${a.role}`)}</td>
              <td>
                {a.disabled ? t('accounts.disabled') : a.enrolled ? t('accounts.active') : t('accounts.notEnrolled')}
              </td>
              <td>{a.lastSignInAt ? formatTime(a.lastSignInAt, locale) : '–'}</td>
              <td>
                {a.id === me ? (
                  t('accounts.you')
                ) : (
                  <div className="staff-row-actions">
                    <Form method="post">
                      <input type="hidden" name="accountId" value={a.id} />
                      <input type="hidden" name="role" value={a.role === 'admin' ? 'reviewer' : 'admin'} />
                      <button type="submit" name="intent" value="role" className="button button--quiet">
                        {t(a.role === 'admin' ? 'accounts.makeReviewer' : 'accounts.makeAdmin', { email: a.email })}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="accountId" value={a.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={a.disabled ? 'enable' : 'disable'}
                        className="button button--quiet"
                      >
                        {t(a.disabled ? 'accounts.enable' : 'accounts.disable', { email: a.email })}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="accountId" value={a.id} />
                      <button type="submit" name="intent" value="resetTotp" className="button button--quiet">
                        {t('accounts.resetTotp', { email: a.email })}
                      </button>
                    </Form>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      </div>
      <section aria-labelledby="new-account" className="card staff-page--narrow">
        <h2 id="new-account">{t('accounts.newTitle')}</h2>
        <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
          <input type="hidden" name="intent" value="create" />
          <FormField
            meta={fields.email}
            error={message(fields.email.errors)}
            type="email"
            label={t('accounts.email')}
            autoComplete="off"
            required
          />
          <FormSelectField meta={fields.role} label={t('accounts.role')} error={message(fields.role.errors)} required>
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </FormSelectField>
          <FormField
            meta={fields.password}
            error={message(fields.password.errors)}
            type="password"
            label={t('accounts.passwordOptional')}
            hint={t('accounts.passwordHint')}
            autoComplete="new-password"
          />
          <SubmitButton>{t('accounts.create')}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
