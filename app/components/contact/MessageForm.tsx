import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { maxMessageLength, messageSchema, minMessageLength } from '#server/contact/schema.ts';
import { CheckedForm } from '~/components/forms/CheckedForm';
import { ReachFields } from '~/components/forms/ReachFields';
import { UploadField } from '~/components/uploads/UploadField';
import { RateLimitMessage, useRateLimitError } from '~/components/ui/RateLimitMessage';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { fieldMessages } from '~/lib/field-errors';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.service.contact';
import { FormField, FormSelectField, FormTextareaField } from '~/components/forms/FormField';

/** The contact page's "send message" tab: subject, text, how to reach the debtor, attachments. */
export function MessageForm() {
  const { subjects, preselectedSubject, contact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['contact', 'uploads', 'common']);
  const { variant, locale } = useRootData()!;
  const reply = actionData?.form === 'message' ? actionData : undefined;
  const rounds = useSubmissionRounds(reply?.result);
  const [form, fields] = useZodForm({
    id: 'contact-message',
    schema: messageSchema,
    lastResult: reply?.result,
    defaultValue: {
      subjectId: preselectedSubject ? String(preselectedSubject) : '',
      email: contact.email,
      phone: contact.phone,
    },
  });
  const { message: err, summary: fieldSummary } = fieldMessages(fields, (key) => t(key, { min: minMessageLength }));
  const refused = reply?.refused ?? [];
  const attachmentsError = err('uploadId') ?? (refused.length > 0 ? t('errors.refused') : undefined);
  const limited = useRateLimitError(reply, form.id);
  const summary = [
    ...fieldSummary(['subjectId', 'subSubject', 'body', 'email', 'phone']),
    ...(attachmentsError ? [{ fieldId: 'contact-attachments', message: attachmentsError }] : []),
    ...(limited ? [limited] : []),
  ];
  return (
    <CheckedForm form={form} rounds={rounds} errors={summary} encType="multipart/form-data">
      <h2>{t('message.title')}</h2>
      <FormSelectField meta={fields.subjectId} label={t('message.subject')} error={err('subjectId')} required>
        <option value="">{t('message.chooseSubject')}</option>
        {subjects.map((id) => (
          <option key={id} value={id}>
            {t(`subjects.${id}`)}
          </option>
        ))}
      </FormSelectField>
      <FormField
        meta={fields.subSubject}
        label={t('message.subSubject')}
        hint={t('message.subSubjectHint')}
        error={err('subSubject')}
      />
      <FormTextareaField
        meta={fields.body}
        label={t('message.body')}
        hint={t('message.bodyHint', { min: minMessageLength })}
        rows={7}
        error={err('body')}
        required
        count={{ max: maxMessageLength, locale }}
      />
      <ReachFields
        className="choice-list"
        legend={t('message.reachTitle')}
        hint={t('message.reachHint')}
        fields={{ email: fields.email, phone: fields.phone }}
        labels={{ email: t('fields.email'), phone: t('fields.phone') }}
        errors={{ email: err('email'), phone: err('phone') }}
      />
      <UploadField
        id="contact-attachments"
        context="message"
        endpoint={href(variant, '/uploads')}
        kept={reply?.kept ?? []}
        refused={refused}
        label={t('message.attachments')}
        hint={t('uploads:hint')}
        error={attachmentsError}
        locale={locale}
      />
      <RateLimitMessage error={limited} />
      <SubmitButton name="intent" value="message">
        {t('message.send')}
      </SubmitButton>
    </CheckedForm>
  );
}
