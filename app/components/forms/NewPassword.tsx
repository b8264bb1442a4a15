import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { constraintOf } from '~/lib/zod-constraint';
import { fieldError } from '~/lib/form-errors';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { summaryOf } from '~/lib/field-errors';
import { useSubmissionRounds } from '~/lib/use-submission';
import { z } from 'zod';
import { basicPasswordProblem } from '#server/auth/password-rules.ts';
import { PasswordStrength } from '~/components/PasswordStrength';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { FormField } from '~/components/forms/FormField';

const newPasswordFields = {
  newPassword: z.string({ error: 'errors.newPasswordRequired' }).superRefine((value, ctx) => {
    const problem = basicPasswordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `errors.password.${problem}` });
  }),
  confirmPassword: z.string({ error: 'errors.confirmRequired' }),
};
const confirmMatches = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: 'errors.confirmMismatch' };

/** The new-password form, shared by the forced change and the reset link (one schema for both sides). */
export const newPasswordSchema = z.object(newPasswordFields).refine(confirmMatches, mismatch);

/** The same with the old password first, for a change from the profile. */
export const changePasswordSchema = z
  .object({ oldPassword: z.string({ error: 'profile:password.oldRequired' }).max(256), ...newPasswordFields })
  .refine(confirmMatches, mismatch);

export const newPasswordHiddenFields = ['oldPassword', 'newPassword', 'confirmPassword'];

/**
 * `askOld` adds the current password as the first field (the profile's change-password tab);
 * `submitLabel` names the button when "save password" is not the right word.
 */
export function NewPasswordForm({
  id,
  lastResult,
  askOld,
  submitLabel,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  askOld?: { label: string };
  submitLabel?: string;
}) {
  const { t } = useTranslation(['signin', 'common']);
  const [typed, setTyped] = useState('');
  const rounds = useSubmissionRounds(lastResult);
  const [form, fields] = useForm<{ oldPassword?: string; newPassword: string; confirmPassword: string }>({
    id,
    lastResult,
    constraint: constraintOf(askOld ? changePasswordSchema : newPasswordSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) =>
      parseWithZod(formData, { error: fieldError, schema: askOld ? changePasswordSchema : newPasswordSchema }),
  });
  const oldField = fields.oldPassword;
  const message = (keys: string[] | undefined) => (keys?.[0] ? t(keys[0]) : undefined);
  const summary = summaryOf(
    form.errors,
    fields.newPassword,
    [...(askOld ? [oldField] : []), fields.newPassword, fields.confirmPassword],
    message,
  );
  return (
    <>
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        {askOld ? (
          <FormField
            meta={oldField}
            type="password"
            label={askOld.label}
            error={message(oldField.errors)}
            autoComplete="current-password"
            required
          />
        ) : null}
        <FormField
          meta={fields.newPassword}
          type="password"
          label={t('setPassword.newPassword')}
          hint={t('setPassword.rules')}
          error={message(fields.newPassword.errors)}
          autoComplete="new-password"
          onChange={(event) => setTyped(event.currentTarget.value)}
          required
        />
        <PasswordStrength password={typed} id={`${id}-strength`} />
        <FormField
          meta={fields.confirmPassword}
          type="password"
          label={t('setPassword.confirmPassword')}
          error={message(fields.confirmPassword.errors)}
          autoComplete="new-password"
          required
        />
        <SubmitButton className="button button--block">{submitLabel ?? t('setPassword.submit')}</SubmitButton>
      </Form>
    </>
  );
}
