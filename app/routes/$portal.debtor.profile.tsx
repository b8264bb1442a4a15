import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { useTranslation } from 'react-i18next';
import { getProfileForPage, type PendingRequest, profileUpdatePermissionForPage } from '#server/profile/profile.ts';
import {
  changeReasons,
  countries,
  maxCityLength,
  maxNameLength,
  maxStreetLength,
  profileFields,
  reasonNeeds,
  todayInBerlin,
  type ChangeReason,
} from '#server/profile/rules.ts';
import { profileChangeFields, profileChangeSchema } from '#server/profile/schema.ts';
import { draftZipCityMismatch } from '#server/profile/zip-city.ts';
import { withBase } from '#server/variants/resolve.ts';
import { ProfileTabs } from '~/components/profile/ProfileTabs';
import { UploadField, type RefusedInfo, type UploadInfo } from '~/components/uploads/UploadField';
import { RadioGroup } from '~/components/ui/Choice';
import { ErrorSummary, type SummaryError } from '~/components/ui/ErrorSummary';
import { Field, SelectField } from '~/components/ui/Field';
import { actionContext, checkAction, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { formatDate } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import profileStyles from '~/styles/profile.css?url';
import serviceStyles from '~/styles/service.css?url';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The profile (spec 2.1, 3, 4.3, 5, 6): the "personal data" tab. It shows what we have on file;
 * `?edit=true` opens the change form. A change becomes a pending request that staff process —
 * the data on file stay as they are until then, and no further change can be sent meanwhile.
 * The form works without JavaScript (multipart POST with its proof files, then a redirect).
 */
export const handle = { i18n: ['common', 'profile', 'uploads'] };
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: serviceStyles },
  { rel: 'stylesheet', href: profileStyles },
];

type Refusal = 'pending' | 'blocked';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'profile');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const ctx = { fileId: session.fileId, debtorId: session.debtorId };
  const profile = await getProfileForPage(ctx);
  if (!profile) throw redirect(withBase(variant, '/dashboard'));
  const permission = await profileUpdatePermissionForPage(ctx);
  const url = new URL(request.url);
  const wantsEdit = url.searchParams.get('edit') === 'true';
  return {
    title: documentTitle(t('title'), variant.brand.name),
    profile,
    today: todayInBerlin(),
    allowed: permission.allowed,
    refusal: permission.allowed
      ? null
      : permission.reason === 'blocked'
        ? ('blocked' as const)
        : permission.reason === 'pending'
          ? ('pending' as const)
          : null,
    pending: !permission.allowed && permission.reason === 'pending' ? permission.pending : null,
    // Edit mode only when a change is possible; otherwise the page says why.
    edit: wantsEdit && permission.allowed,
    editRefused: wantsEdit && !permission.allowed,
    sent: url.searchParams.get('sent') === '1',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d?.title },
  { name: 'robots', content: 'noindex' },
];

type Reply = {
  result: SubmissionResult<string[]>;
  kept: UploadInfo[];
  refused: RefusedInfo[];
  refusal: Refusal | null;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'profile');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const ctx = { fileId: session.fileId, debtorId: session.debtorId };
  const { formData, outcome, kept } = await readFormWithUploads(request, {
    ...ctx,
    context: 'profileChange',
  });
  const keptInfo = kept.map(({ id, name, sizeBytes }) => ({
    id,
    name,
    sizeBytes,
  }));
  // Only this file's pending proof files count.
  formData.delete('uploadId');
  for (const upload of kept) formData.append('uploadId', String(upload.id));
  const submission = parseWithZod(formData, { error: fieldError, schema: profileChangeSchema(todayInBerlin()) });

  // The permission check comes first: a pending request or a blocked file refuses every change.
  const actx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const check = await checkAction('requestProfileChange', actx);
  if (check?.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), check.signIn);
  if (check) {
    const refusal: Refusal = check.kind === 'refused' && check.reason === 'blocked' ? 'blocked' : 'pending';
    return data<Reply>(
      {
        result: submission.reply({ formErrors: [`refused.${refusal}`] }),
        kept: keptInfo,
        refused: [],
        refusal,
      },
      { status: refusal === 'blocked' ? 403 : 409 },
    );
  }
  if (submission.status !== 'success' || outcome.refused.length > 0) {
    // The postal-code directory is asked now too, not only once everything else is right.
    const zipCity =
      submission.status === 'error' && draftZipCityMismatch(submission.payload, Object.keys(submission.error ?? {}));
    return data<Reply>(
      {
        result: zipCity ? submission.reply({ fieldErrors: { zipCode: ['errors.zipCity'] } }) : submission.reply(),
        kept: keptInfo,
        refused: outcome.refused,
        refusal: null,
      },
      { status: 400 },
    );
  }
  const result = await runAction('requestProfileChange', actx, submission.value);
  if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  if (!result.ok) {
    type ReplyOptions = NonNullable<Parameters<typeof submission.reply>[0]>;
    const problem = result.kind === 'refused' ? result.reason : 'invalid';
    const reply = ((): { status: number; options: ReplyOptions; refusal: Refusal | null } => {
      switch (problem) {
        case 'zipCityMismatch':
          return {
            status: 400,
            options: { fieldErrors: { zipCode: ['errors.zipCity'] } },
            refusal: null,
          };
        case 'noChange':
          return {
            status: 400,
            options: { formErrors: ['errors.noChange'] },
            refusal: null,
          };
        case 'pending':
        case 'blocked':
          return {
            status: problem === 'blocked' ? 403 : 409,
            options: { formErrors: [`refused.${problem}`] },
            refusal: problem,
          };
        case 'notYours':
        case 'totalTooLarge':
        case 'tooMany':
          return {
            status: 400,
            options: {
              fieldErrors: { uploadId: [`errors.proof.${problem}`] },
            },
            refusal: null,
          };
        default:
          return {
            status: 400,
            options: { formErrors: ['errors.generic'] },
            refusal: null,
          };
      }
    })();
    return data<Reply>(
      {
        result: submission.reply(reply.options),
        kept: keptInfo,
        refused: [],
        refusal: reply.refusal,
      },
      { status: reply.status },
    );
  }
  return redirect(`${withBase(variant, '/debtor/profile')}?sent=1`);
}

export default function ProfilePage() {
  const { edit, editRefused, sent, refusal: loaderRefusal, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['profile', 'common']);
  const refusal = actionData?.refusal ?? loaderRefusal;
  // After a refused send (someone else's request came first), the page shows why instead of the form.
  const showForm = edit && !actionData?.refusal;
  return (
    <div className="container page profile">
      <h1>{t('title')}</h1>
      <ProfileTabs current="personal" />
      {sent ? (
        <div className="panel panel--success" role="status">
          <p>
            <strong>{t('sent.title')}</strong>
          </p>
          <p>{t('sent.text')}</p>
        </div>
      ) : null}
      {refusal === 'blocked' ? <BlockedNotice role={editRefused || actionData?.refusal ? 'alert' : undefined} /> : null}
      {refusal === 'pending' && pending ? (
        <PendingNotice pending={pending} alert={editRefused || !!actionData?.refusal} />
      ) : null}
      {showForm ? <EditForm /> : <ProfileView />}
    </div>
  );
}

function BlockedNotice({ role }: { role?: 'alert' }) {
  const { t } = useTranslation(['profile', 'common']);
  const { variant } = useRootData()!;
  return (
    <div className="panel panel--warning" role={role}>
      <p>
        <strong>{t('blocked.title')}</strong>
      </p>
      <p>{t('common:errors.forbidden.text')}</p>
      <p>
        <a href={`tel:${variant.support.phoneHref}`}>{t('common:errors.callUs', { phone: variant.support.phone })}</a>
      </p>
    </div>
  );
}

function PendingNotice({ pending, alert }: { pending: PendingRequest; alert: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const { locale } = useRootData()!;
  const changed = profileFields.filter((field) => pending.changes[field] !== undefined);
  return (
    <section className="panel pending" aria-labelledby="pending-heading" role={alert ? 'alert' : undefined}>
      <h2 id="pending-heading">
        {t('pending.title')} <span className="badge badge--info">{t('pending.badge')}</span>
      </h2>
      <p>{t('pending.text', { date: formatDate(pending.createdAt, locale) })}</p>
      <dl className="definition-list">
        <dt>{t('fields.reason')}</dt>
        <dd>{t(`reasons.${pending.reason}`)}</dd>
        {pending.relocationDate ? (
          <>
            <dt>{t('fields.relocationDate')}</dt>
            <dd>{formatDate(pending.relocationDate, locale)}</dd>
          </>
        ) : null}
        {changed.map((field) => (
          <FieldValue key={field} field={field} value={pending.changes[field] ?? ''} />
        ))}
        {pending.attachments.length > 0 ? (
          <>
            <dt>{t('fields.proof')}</dt>
            <dd>{pending.attachments.join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {changed.length === 0 ? <p className="muted">{t('pending.noFieldChanged')}</p> : null}
    </section>
  );
}

function FieldValue({ field, value }: { field: (typeof profileFields)[number]; value: string }) {
  const { t } = useTranslation(['profile', 'common']);
  const { locale } = useRootData()!;
  const countryName = useCountryName();
  const shown = !value
    ? t('view.empty')
    : field === 'salutation'
      ? t(`salutations.${value}`)
      : field === 'birthday'
        ? formatDate(value, locale)
        : field === 'country'
          ? countryName(value)
          : value;
  return (
    <>
      <dt>{t(`fields.${field}`)}</dt>
      <dd>{shown}</dd>
    </>
  );
}

function useCountryName() {
  const { locale } = useRootData()!;
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [locale]);
}

function ProfileView() {
  const { profile, allowed } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['profile', 'common']);
  const { variant, locale } = useRootData()!;
  const countryName = useCountryName();
  const empty = <span className="muted">{t('view.empty')}</span>;
  const isCompany = profile.salutation === 3;
  return (
    <section className="card form-wide" aria-labelledby="view-heading">
      <h2 id="view-heading">{t('view.title')}</h2>
      <dl className="definition-list">
        <dt>{t('fields.salutation')}</dt>
        <dd>{t(`salutations.${profile.salutation}`)}</dd>
        {isCompany ? (
          <>
            <dt>{t('fields.companyName')}</dt>
            <dd>{profile.companyName || empty}</dd>
          </>
        ) : null}
        <dt>{t('fields.firstName')}</dt>
        <dd>{profile.firstName || empty}</dd>
        <dt>{t('fields.lastName')}</dt>
        <dd>{profile.lastName || empty}</dd>
        <dt>{t('fields.birthday')}</dt>
        <dd>{profile.birthday ? formatDate(profile.birthday, locale) : empty}</dd>
        <dt>{t('view.address')}</dt>
        <dd>
          {profile.streetName} {profile.houseNumber}
          <br />
          {profile.zipCode} {profile.city}
          <br />
          {countryName(profile.country)}
        </dd>
        <dt>{t('fields.email')}</dt>
        <dd>{profile.email || empty}</dd>
        <dt>{t('fields.phone')}</dt>
        <dd>{profile.phone || empty}</dd>
      </dl>
      {allowed ? (
        <p>
          <Link className="button" to={`${href(variant, '/debtor/profile')}?edit=true`}>
            {t('view.edit')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

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

function EditForm() {
  const { profile, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(['profile', 'uploads', 'common']);
  const { variant, locale } = useRootData()!;
  const countryName = useCountryName();
  const rounds = useSubmissionRounds(actionData?.result);
  const schema = useMemo(() => profileChangeSchema(today), [today]);
  const [form, fields] = useForm({
    id: 'profile-change',
    lastResult: actionData?.result,
    defaultValue: {
      ...profile,
      salutation: String(profile.salutation),
      reason: '',
      relocationDate: '',
    },
    constraint: getZodConstraint(profileChangeFields(today)),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema }),
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

  const err = (name: FieldName) => {
    const key = fields[name].errors?.[0];
    return key
      ? t(key, { max: name === 'city' ? maxCityLength : name === 'streetName' ? maxStreetLength : maxNameLength })
      : undefined;
  };
  const refused = actionData?.refused ?? [];
  const proofError = err('uploadId') ?? (refused.length > 0 ? t('errors.proof.refused') : undefined);
  const order: FieldName[] = ['reason', 'relocationDate', ...profileFields];
  const summary: SummaryError[] = [
    ...(form.errors ?? []).map((key) => ({
      fieldId: fields.reason.id,
      message: t(key),
    })),
    ...order.flatMap((name) => (err(name) ? [{ fieldId: fields[name].id, message: err(name)! }] : [])),
    ...(proofError ? [{ fieldId: 'profile-proof', message: proofError }] : []),
  ];
  const proofLabel =
    needs === 'certificate' ? t('proof.certificate') : needs === 'proof' ? t('proof.divorce') : t('proof.label');

  return (
    <>
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onSubmitCapture={rounds.onSubmitCapture}
        className="card form-wide"
      >
        <h2>{t('edit.title')}</h2>
        <p className="muted">{t('edit.lead')}</p>

        <SelectField
          {...getSelectProps(fields.reason)}
          key={fields.reason.key}
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
        </SelectField>
        {showMoveDate ? (
          <Field
            {...getInputProps(fields.relocationDate, { type: 'date' })}
            key={fields.relocationDate.key}
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
            <Field
              {...getInputProps(fields.companyName, { type: 'text' })}
              key={fields.companyName.key}
              label={t('fields.companyName')}
              hint={hydrated ? undefined : t('edit.companyHint')}
              error={err('companyName')}
              autoComplete="organization"
              required={hydrated}
            />
          ) : null}
          <div className="inline-fields">
            <Field
              {...getInputProps(fields.firstName, { type: 'text' })}
              key={fields.firstName.key}
              label={t('fields.firstName')}
              error={err('firstName')}
              autoComplete="given-name"
              required={salutation !== '3'}
            />
            <Field
              {...getInputProps(fields.lastName, { type: 'text' })}
              key={fields.lastName.key}
              label={t('fields.lastName')}
              error={err('lastName')}
              autoComplete="family-name"
              required={salutation !== '3'}
            />
          </div>
          <p className="hint">{t('edit.nameHint')}</p>
          <Field
            {...getInputProps(fields.birthday, { type: 'date' })}
            key={fields.birthday.key}
            label={t('fields.birthday')}
            error={err('birthday')}
            autoComplete="bday"
          />
        </fieldset>

        <fieldset className="form-section">
          <legend>{t('edit.addressSection')}</legend>
          <div className="field-pair field-pair--street">
            <Field
              {...getInputProps(fields.streetName, { type: 'text' })}
              key={fields.streetName.key}
              label={t('fields.streetName')}
              error={err('streetName')}
              autoComplete="address-line1"
              required
            />
            <Field
              {...getInputProps(fields.houseNumber, { type: 'text' })}
              key={fields.houseNumber.key}
              label={t('fields.houseNumber')}
              hint={t('edit.houseNumberHint')}
              error={err('houseNumber')}
              required
            />
          </div>
          <div className="field-pair field-pair--zip">
            <Field
              {...getInputProps(fields.zipCode, { type: 'text' })}
              key={fields.zipCode.key}
              label={t('fields.zipCode')}
              error={err('zipCode')}
              autoComplete="postal-code"
              required
            />
            <Field
              {...getInputProps(fields.city, { type: 'text' })}
              key={fields.city.key}
              label={t('fields.city')}
              error={err('city')}
              autoComplete="address-level2"
              required
            />
          </div>
          <SelectField
            {...getSelectProps(fields.country)}
            key={fields.country.key}
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
          </SelectField>
        </fieldset>

        <fieldset className="form-section">
          <legend>{t('edit.contactSection')}</legend>
          <p className="hint">{t('edit.reachHint')}</p>
          <div className="inline-fields">
            <Field
              {...getInputProps(fields.email, { type: 'email' })}
              key={fields.email.key}
              label={t('fields.email')}
              error={err('email')}
              autoComplete="email"
            />
            <Field
              {...getInputProps(fields.phone, { type: 'tel' })}
              key={fields.phone.key}
              label={t('fields.phone')}
              error={err('phone')}
              autoComplete="tel"
            />
          </div>
        </fieldset>

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
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {t('edit.submit')}
          </button>
          <Link className="button button--secondary" to={href(variant, '/debtor/profile')}>
            {t('edit.cancel')}
          </Link>
        </div>
      </Form>
    </>
  );
}
