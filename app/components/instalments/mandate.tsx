import { type FieldMetadata, type SubmissionResult, getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountHolderPattern, bicForIban, checkGermanIban, normaliseBic } from '#server/instalments/sepa.ts';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { formatDate } from '~/lib/format';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useRootData } from '~/root';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { useZodForm } from '~/lib/use-zod-form';
import { FormCheckboxField, FormField } from '~/components/forms/FormField';

/** The SEPA mandate's fields (spec 3 "SEPA mandate", 5 "IBAN and BIC valid; only German IBAN; account holder …"). */
export const mandateFields = {
  accountHolder: z
    .string({ error: 'errors.holderRequired' })
    .trim()
    .min(1, 'errors.holderRequired')
    .regex(accountHolderPattern, 'errors.holderInvalid'),
  iban: z
    .string({ error: 'errors.ibanRequired' })
    .trim()
    .min(1, 'errors.ibanRequired')
    .superRefine((value, ctx) => {
      const check = checkGermanIban(value);
      if (!check.ok)
        ctx.addIssue({
          code: 'custom',
          message: check.error === 'notGerman' ? 'errors.ibanNotGerman' : 'errors.ibanInvalid',
        });
    }),
  bic: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || normaliseBic(value) !== null, 'errors.bicInvalid'),
  postalCode: z
    .string({ error: 'errors.postalCodeRequired' })
    .trim()
    .min(1, 'errors.postalCodeRequired')
    .regex(/^[A-Za-z0-9 ]{4,10}$/, 'errors.postalCodeInvalid'),
  password: z.string().optional(),
  mandateConsent: z.literal('on', { error: 'errors.mandateConsent' }),
};

type MandateFieldNames = 'accountHolder' | 'iban' | 'bic' | 'postalCode' | 'password' | 'mandateConsent';
const mandateFieldNames = [
  'accountHolder',
  'iban',
  'bic',
  'postalCode',
  'password',
  'mandateConsent',
] as const satisfies readonly MandateFieldNames[];

type MandateObject = z.ZodObject<{ intent: z.ZodType<string> } & typeof mandateFields>;
/** A route's mandate schema: its intent and the mandate's fields (the route's action parses with the same one). */
export type MandateSchema = z.ZodType<z.output<MandateObject>, z.input<MandateObject>>;

/** What the mandate step reads of its route's action reply. */
export interface MandateReply {
  result?: SubmissionResult<string[]> | null;
  /** The postal code did not match: the server asks for the portal password. */
  askPassword?: boolean;
}

/**
 * The SEPA mandate step of pay in instalments and pay later: the lead, the error summary (a
 * form error is linked to the account holder), the mandate's fields and the submit button. The
 * route passes its schema, intent and texts; `footer` places the submit button (pay in
 * instalments puts it in a row with "previous"). The route's action checks the postal code or
 * password with `mandateIdentityRefusal` (~/lib/instalments.server).
 */
export function MandateForm({
  id,
  intent,
  schema,
  lead,
  submitLabel,
  parties: { holder, creditor, creditorId },
  targetDate,
  actionData,
  footer = (submit) => submit,
}: {
  id: string;
  intent: string;
  schema: MandateSchema;
  lead: string;
  submitLabel: string;
  /** The account holder proposed, the creditor and its creditor id (from the route's loader). */
  parties: { holder: string; creditor: string; creditorId: string };
  targetDate: string;
  actionData: MandateReply | undefined;
  footer?: (submit: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('instalments');
  const { locale } = useRootData()!;
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id,
    schema,
    lastResult: actionData?.result,
    defaultValue: { accountHolder: holder },
  });
  const errorText = (name: keyof typeof fields) => {
    const key = fields[name].errors?.[0];
    return key ? t(key) : undefined;
  };
  const formError = form.errors?.[0] ? t(form.errors[0]) : undefined;
  return (
    <>
      <p className="lead">{lead}</p>
      <ErrorSummary
        errors={[
          ...(formError ? [{ fieldId: fields.accountHolder.id, message: formError }] : []),
          ...mandateFieldNames.flatMap((n) =>
            errorText(n) ? [{ fieldId: fields[n].id, message: errorText(n)! }] : [],
          ),
        ]}
        round={rounds.round}
      />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
        <input type="hidden" name="intent" value={intent} />
        <MandateFields
          fields={fields}
          creditorId={creditorId}
          creditor={creditor}
          targetDate={targetDate}
          locale={locale}
          askPassword={Boolean(actionData?.askPassword)}
          errorText={errorText}
        />
        {footer(<SubmitButton>{submitLabel}</SubmitButton>)}
      </Form>
    </>
  );
}

/**
 * The mandate: creditor id and the mandate text as fixed text, account holder, IBAN, BIC
 * (derived from the IBAN as the debtor types where the bank is known; the server derives it
 * again), postal code for the identity check, and the portal password once the server asks it.
 */
export function MandateFields({
  fields,
  creditorId,
  creditor,
  targetDate,
  locale,
  askPassword,
  errorText,
}: {
  fields: { [K in MandateFieldNames]: FieldMetadata<string | undefined> };
  creditorId: string;
  creditor: string;
  targetDate: string;
  locale: string;
  askPassword: boolean;
  errorText: (field: MandateFieldNames) => string | undefined;
}) {
  const { t } = useTranslation('instalments');
  const [iban, setIban] = useState(fields.iban.initialValue ?? '');
  const derived = bicForIban(iban);
  return (
    <>
      <dl className="definition-list">
        <dt>{t('mandate.creditorId')}</dt>
        <dd className="fixed-text" data-testid="creditor-id">
          {creditorId}
        </dd>
        <dt>{t('mandate.creditor')}</dt>
        <dd>{creditor}</dd>
        <dt>{t('mandate.reference')}</dt>
        <dd>{t('mandate.referenceLater')}</dd>
        <dt>{t('mandate.targetDate')}</dt>
        <dd>{formatDate(targetDate, locale)}</dd>
      </dl>
      <FormField
        meta={fields.accountHolder}
        label={t('mandate.accountHolder')}
        hint={t('mandate.accountHolderHint')}
        error={errorText('accountHolder')}
        autoComplete="name"
        required
      />
      <FormField
        meta={fields.iban}
        label={t('mandate.iban')}
        hint={t('mandate.ibanHint')}
        error={errorText('iban')}
        className="input--code"
        autoComplete="off"
        spellCheck={false}
        onInput={(event) => setIban((event.target as HTMLInputElement).value)}
        required
      />
      <FormField
        meta={fields.bic}
        label={t('mandate.bic')}
        hint={derived ? t('mandate.bicDerived', { bic: derived }) : t('mandate.bicHint')}
        error={errorText('bic')}
        className="input--code"
        autoComplete="off"
        spellCheck={false}
      />
      <FormField
        meta={fields.postalCode}
        label={t('mandate.postalCode')}
        hint={t('mandate.postalCodeHint')}
        error={errorText('postalCode')}
        autoComplete="postal-code"
        required
      />
      {askPassword ? (
        <div className="panel panel--warning">
          <p>{t('mandate.passwordAsked')}</p>
          <FormField
            meta={fields.password}
            type="password"
            label={t('mandate.password')}
            error={errorText('password')}
            autoComplete="current-password"
            required
          />
        </div>
      ) : null}
      <p className="mandate-text">{t('mandate.text', { creditor })}</p>
      <FormCheckboxField
        meta={fields.mandateConsent}
        label={t('mandate.consent')}
        error={errorText('mandateConsent')}
        required
      />
    </>
  );
}
