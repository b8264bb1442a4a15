import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountHolderPattern, bicForIban, checkGermanIban, normaliseBic } from '#server/instalments/sepa.ts';
import { CheckboxField, Field } from '~/components/ui/Field';
import { formatDate } from '~/lib/format';

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
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error === 'notGerman' ? 'errors.ibanNotGerman' : 'errors.ibanInvalid' });
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
      <Field
        {...getInputProps(fields.accountHolder, { type: 'text' })}
        key={fields.accountHolder.key}
        label={t('mandate.accountHolder')}
        hint={t('mandate.accountHolderHint')}
        error={errorText('accountHolder')}
        autoComplete="name"
        required
      />
      <Field
        {...getInputProps(fields.iban, { type: 'text' })}
        key={fields.iban.key}
        label={t('mandate.iban')}
        hint={t('mandate.ibanHint')}
        error={errorText('iban')}
        className="input--code"
        autoComplete="off"
        spellCheck={false}
        onInput={(event) => setIban((event.target as HTMLInputElement).value)}
        required
      />
      <Field
        {...getInputProps(fields.bic, { type: 'text' })}
        key={fields.bic.key}
        label={t('mandate.bic')}
        hint={derived ? t('mandate.bicDerived', { bic: derived }) : t('mandate.bicHint')}
        error={errorText('bic')}
        className="input--code"
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        {...getInputProps(fields.postalCode, { type: 'text' })}
        key={fields.postalCode.key}
        label={t('mandate.postalCode')}
        hint={t('mandate.postalCodeHint')}
        error={errorText('postalCode')}
        autoComplete="postal-code"
        required
      />
      {askPassword ? (
        <div className="panel panel--warning">
          <p>{t('mandate.passwordAsked')}</p>
          <Field
            {...getInputProps(fields.password, { type: 'password' })}
            key={fields.password.key}
            label={t('mandate.password')}
            error={errorText('password')}
            autoComplete="current-password"
            required
          />
        </div>
      ) : null}
      <p className="mandate-text">{t('mandate.text', { creditor })}</p>
      <CheckboxField
        {...getInputProps(fields.mandateConsent, { type: 'checkbox' })}
        key={fields.mandateConsent.key}
        label={t('mandate.consent')}
        error={errorText('mandateConsent')}
        required
      />
    </>
  );
}
