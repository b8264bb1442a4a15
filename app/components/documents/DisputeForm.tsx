import { type SubmissionResult, getFormProps, getTextareaProps } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  disputeSchema,
  evidenceRequired,
  maxStatementLength,
  type DisputeReason,
} from '#server/documents/form-schemas.ts';
import { UploadField, type RefusedInfo, type UploadInfo } from '~/components/uploads/UploadField';
import { CharacterCount, characterHintId } from '~/components/ui/CharacterCount';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { useZodForm } from '~/lib/use-zod-form';
import { FormCheckboxField, FormField } from '~/components/forms/FormField';

export interface DisputeActionData {
  intent: 'dispute';
  result: SubmissionResult<string[]>;
  /** Evidence already received (pending uploads), offered again after a failed send. */
  kept: UploadInfo[];
  /** Files refused in the last send (without JavaScript), each with its reason. */
  refused: RefusedInfo[];
}

/**
 * "Send online instead": the objection with its evidence, as a multipart form that works without
 * JavaScript. With JavaScript each file is checked and uploaded as soon as it is chosen (with a
 * progress bar); without, the files stream in with the form. Either way a failed send keeps the
 * text and every accepted file.
 */
export function DisputeForm({
  reason,
  actionData,
  headingId,
}: {
  reason: DisputeReason;
  actionData: DisputeActionData | undefined;
  headingId: string;
}) {
  const { t } = useTranslation(['documents', 'common']);
  const { variant, locale } = useRootData()!;
  const navigation = useNavigation();
  const schema = useMemo(() => disputeSchema(reason), [reason]);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: `dispute-${reason}`,
    schema,
    lastResult: actionData?.result,
  });
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const refused = actionData?.refused ?? [];
  const evidenceId = `${fields.uploadId.id}-files`;
  const errors = {
    statement: message(fields.statement.errors?.[0]),
    dateGoodsReturn: message(fields.dateGoodsReturn.errors?.[0]),
    evidence: message(fields.uploadId.errors?.[0]) ?? (refused.length > 0 ? t('errors.evidence.refused') : undefined),
    confirm: message(fields.confirm.errors?.[0]),
  };
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  const summary = [
    ...(errors.statement ? [{ fieldId: fields.statement.id, message: errors.statement }] : []),
    ...(errors.dateGoodsReturn ? [{ fieldId: fields.dateGoodsReturn.id, message: errors.dateGoodsReturn }] : []),
    ...(errors.evidence ? [{ fieldId: evidenceId, message: errors.evidence }] : []),
    ...(errors.confirm ? [{ fieldId: fields.confirm.id, message: errors.confirm }] : []),
  ];
  const statementHintId = `${fields.statement.id}-hint`;
  const statementErrorId = `${fields.statement.id}-error`;
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'dispute';
  const evidenceHint = [
    evidenceRequired[reason] ? t(`dispute.evidenceRequired.${reason as 'goodsReturned' | 'identityTheft'}`) : null,
    t('dispute.evidenceHint'),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <ErrorSummary errors={summary} round={rounds.round} />
      {formError ? (
        <div className="panel panel--warning" role="alert">
          <p>{formError}</p>
        </div>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmitCapture={rounds.onSubmitCapture}
        aria-labelledby={headingId}
      >
        <input type="hidden" name="intent" value="dispute" />
        <input type="hidden" name="reason" value={reason} />
        <div className={`field${errors.statement ? ' field--error' : ''}`}>
          <label htmlFor={fields.statement.id}>{t('dispute.statement')}</label>
          <span className="hint" id={statementHintId}>
            {t('dispute.statementHint')}
          </span>
          {errors.statement ? (
            <span className="field-error" id={statementErrorId}>
              <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {errors.statement}
            </span>
          ) : null}
          <textarea
            {...getTextareaProps(fields.statement)}
            key={fields.statement.key}
            className="input input--textarea"
            rows={6}
            // No maxlength: a longer text stays as typed and the count says by how much it is over.
            maxLength={undefined}
            aria-invalid={errors.statement ? true : undefined}
            aria-describedby={[
              statementHintId,
              characterHintId(fields.statement.id),
              errors.statement ? statementErrorId : null,
            ]
              .filter(Boolean)
              .join(' ')}
          />
          <CharacterCount fieldId={fields.statement.id} max={maxStatementLength} locale={locale} />
        </div>
        {reason === 'goodsReturned' ? (
          <FormField
            meta={fields.dateGoodsReturn}
            type="date"
            label={t('fields.dateGoodsReturn')}
            hint={t('hints.date')}
            error={errors.dateGoodsReturn}
            required
          />
        ) : null}
        <UploadField
          id={evidenceId}
          context="dispute"
          endpoint={href(variant, '/uploads')}
          kept={actionData?.kept ?? []}
          refused={refused}
          label={t('dispute.evidence')}
          hint={evidenceHint}
          error={errors.evidence}
          locale={locale}
        />
        <FormCheckboxField meta={fields.confirm} label={t('dispute.confirm')} error={errors.confirm} required />
        <p className="muted">{t('dispute.paused')}</p>
        <button type="submit" className="button" disabled={submitting}>
          {t('dispute.submit')}
        </button>
      </Form>
    </>
  );
}

/** The objection already sent: what happens now. */
export function DisputeState({
  disputedAt,
  reason,
  justSent,
  locale,
}: {
  disputedAt: string;
  reason: DisputeReason | null;
  justSent: boolean;
  locale: string;
}) {
  const { t } = useTranslation('documents');
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
    new Date(disputedAt),
  );
  return (
    <div className="panel panel--success" role="status" data-testid="dispute-state">
      <h3>{t(justSent ? 'dispute.sentTitle' : 'dispute.activeTitle')}</h3>
      <p>
        {justSent
          ? t('dispute.sentText', { date })
          : t('dispute.activeText', { date, reason: reason ? t(`dispute.reasons.${reason}`) : '' })}
      </p>
      <p>{t('dispute.paused')}</p>
    </div>
  );
}
