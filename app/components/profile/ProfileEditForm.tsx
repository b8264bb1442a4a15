import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeReasons,
  countries,
  maxCityLength,
  maxNameLength,
  maxStreetLength,
  reasonNeeds,
  type ChangeReason,
  profileFields,
} from '#server/profile/rules.ts';
import { profileChangeFields, profileChangeSchema } from '#server/profile/schema.ts';
import { CheckedForm } from '~/components/forms/CheckedForm';
import { ReachFields } from '~/components/forms/ReachFields';
import { UploadField } from '~/components/uploads/UploadField';
import { RadioGroup } from '~/components/ui/Choice';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { fieldMessages } from '~/lib/field-errors';
import { useHydrated } from '~/lib/use-hydrated';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.debtor.profile';
import { useCountryName } from './country-name';
import { FormField, FormSelectField } from '~/components/forms/FormField';

type FieldName =
  | 'reason'
  | 'salutation'
  | 'companyName'
  | 'firstName'
  | 'lastName'
  | 'birthday'
  | 'streetName'
  | 'houseNumber'
  | 'zipCode'
  | 'city'
  | 'country'
  | 'email'
  | 'phone'
  | 'relocationDate'
  | 'uploadId';

/**
 * The profile's change form (`?edit=true`): the reason first, then only what that reason needs
 * (with JavaScript; without, every part is shown and the server decides), and the proof files.
 */
export function ProfileEditForm() {
  const { profile, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['profile', 'uploads', 'common']);
  const { variant, locale } = useRootData()!;
  const countryName = useCountryName();
  const rounds = useSubmissionRounds(actionData?.result);
  const schema = useMemo(() => profileChangeSchema(today), [today]);
  const [form, fields] = useZodForm({
    id: 'profile-change',
    schema,
    constraint: profileChangeFields(today),
    lastResult: actionData?.result,
    defaultValue: {
      ...profile,
      salutation: String(profile.salutation),
      reason: '',
      relocationDate: '',
    },
  });
  const hydrated = useHydrated();
  const initial = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const [reason, setReason] = useState<string>(initial(fields.reason.initialValue, ''));
  const [salutation, setSalutation] = useState<string>(
    initial(fields.salutation.initialValue, String(profile.salutation)),
  );
  const needs = (changeReasons as readonly string[]).includes(reason) ? reasonNeeds[reason as ChangeReason] : null;
  // Without JavaScript every optional part is shown and the server decides; with it, only what the reason needs.
  const showMoveDate = !hydrated || needs === 'moveDate';
  const showProof = !hydrated || needs === 'certificate' || needs === 'proof';
  const showCompany = !hydrated || salutation === '3';

  const { message: err, summary: fieldSummary } = fieldMessages(fields, (key, name) =>
    t(key, { max: name === 'city' ? maxCityLength : name === 'streetName' ? maxStreetLength : maxNameLength }),
  );
  const refused = actionData?.refused ?? [];
  const proofError = err('uploadId') ?? (refused.length > 0 ? t('errors.proof.refused') : undefined);
  const order: FieldName[] = ['reason', 'relocationDate', ...profileFields];
  const summary = [
    ...(form.errors ?? []).map((key) => ({
      fieldId: fields.reason.id,
      message: t(key),
    })),
    ...fieldSummary(order),
    ...(proofError ? [{ fieldId: 'profile-proof', message: proofError }] : []),
  ];
  const proofLabel =
    needs === 'certificate' ? t('proof.certificate') : needs === 'proof' ? t('proof.divorce') : t('proof.label');

  return (
    <CheckedForm form={form} rounds={rounds} errors={summary} encType="multipart/form-data">
      <h2>{t('edit.title')}</h2>
      <p className="muted">{t('edit.lead')}</p>

      <FormSelectField
        meta={fields.reason}
        label={t('fields.reason')}
        hint={t('edit.reasonHint')}
        error={err('reason')}
        required
        onChange={(e) => setReason(e.target.value)}
      >
        <option value="">{t('edit.chooseReason')}</option>
        {changeReasons.map((r) => (
          <option key={r} value={r}>
            {t(`reasons.${r}`)}
          </option>
        ))}
      </FormSelectField>
      {showMoveDate ? (
        <FormField
          meta={fields.relocationDate}
          type="date"
          label={t('fields.relocationDate')}
          hint={t('edit.relocationHint')}
          error={err('relocationDate')}
          required={hydrated}
        />
      ) : null}

      <fieldset className="form-section">
        <legend>{t('edit.nameSection')}</legend>
        {/* The radios' change events bubble up here: the company name follows the choice. */}
        <div onChange={(e) => setSalutation((e.target as HTMLInputElement).value)}>
          <RadioGroup
            key={`${fields.salutation.key}-${rounds.replies}`}
            id={fields.salutation.id}
            name={fields.salutation.name}
            legend={t('fields.salutation')}
            options={[1, 2, 3].map((s) => ({
              value: String(s),
              label: t(`salutations.${s}`),
            }))}
            defaultValue={initial(fields.salutation.initialValue, '')}
            error={err('salutation')}
            required
            inline
          />
        </div>
        {showCompany ? (
          <FormField
            meta={fields.companyName}
            label={t('fields.companyName')}
            hint={hydrated ? undefined : t('edit.companyHint')}
            error={err('companyName')}
            autoComplete="organization"
            required={hydrated}
          />
        ) : null}
        <div className="inline-fields">
          <FormField
            meta={fields.firstName}
            label={t('fields.firstName')}
            error={err('firstName')}
            autoComplete="given-name"
            required={salutation !== '3'}
          />
          <FormField
            meta={fields.lastName}
            label={t('fields.lastName')}
            error={err('lastName')}
            autoComplete="family-name"
            required={salutation !== '3'}
          />
        </div>
        <p className="hint">{t('edit.nameHint')}</p>
        <FormField
          meta={fields.birthday}
          type="date"
          label={t('fields.birthday')}
          error={err('birthday')}
          autoComplete="bday"
        />
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('edit.addressSection')}</legend>
        <div className="field-pair field-pair--street">
          <FormField
            meta={fields.streetName}
            label={t('fields.streetName')}
            error={err('streetName')}
            autoComplete="address-line1"
            required
          />
          <FormField
            meta={fields.houseNumber}
            label={t('fields.houseNumber')}
            hint={t('edit.houseNumberHint')}
            error={err('houseNumber')}
            required
          />
        </div>
        <div className="field-pair field-pair--zip">
          <FormField
            meta={fields.zipCode}
            label={t('fields.zipCode')}
            error={err('zipCode')}
            autoComplete="postal-code"
            required
          />
          <FormField
            meta={fields.city}
            label={t('fields.city')}
            error={err('city')}
            autoComplete="address-level2"
            required
          />
        </div>
        <FormSelectField
          meta={fields.country}
          label={t('fields.country')}
          error={err('country')}
          autoComplete="country"
          required
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </FormSelectField>
      </fieldset>

      <ReachFields
        className="form-section"
        legend={t('edit.contactSection')}
        hint={t('edit.reachHint')}
        fields={{ email: fields.email, phone: fields.phone }}
        labels={{ email: t('fields.email'), phone: t('fields.phone') }}
        errors={{ email: err('email'), phone: err('phone') }}
      />

      {showProof ? (
        <UploadField
          id="profile-proof"
          context="profileChange"
          endpoint={href(variant, '/uploads')}
          kept={actionData?.kept ?? []}
          refused={refused}
          label={proofLabel}
          hint={`${hydrated ? '' : `${t('proof.noJsHint')} `}${t('uploads:hint')}`}
          error={proofError}
          locale={locale}
        />
      ) : null}

      <div className="button-row">
        <SubmitButton>{t('edit.submit')}</SubmitButton>
        <Link className="button button--secondary" to={href(variant, '/debtor/profile')}>
          {t('edit.cancel')}
        </Link>
      </div>
    </CheckedForm>
  );
}
