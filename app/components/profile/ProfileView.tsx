import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { PendingRequest } from '#server/profile/profile.ts';
import { profileFields } from '#server/profile/rules.ts';
import { formatDate } from '~/lib/format';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { loader } from '~/routes/$portal.debtor.profile';
import { useCountryName } from './country-name';
import { CallUsLink } from '~/components/ui/CallUsLink';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

// The profile page without `?edit=true`: why no change can be sent (blocked, or a request is
// pending, with what it asks for), and what we have on file.

export function BlockedNotice({ role }: { role?: 'alert' }) {
  const { t } = useTranslation(['profile', 'common']);
  const { variant } = useRootData()!;
  return (
    <div className="panel panel--warning" role={role}>
      <p>
        <strong>{t('blocked.title')}</strong>
      </p>
      <p>{t('common:errors.forbidden.text')}</p>
      <p>
        <CallUsLink variant={variant} />
      </p>
    </div>
  );
}

export function PendingNotice({ pending, alert }: { pending: PendingRequest; alert: boolean }) {
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

export function ProfileView() {
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
        <ButtonLinkLine to={`${href(variant, '/debtor/profile')}?edit=true`}>{t('view.edit')}</ButtonLinkLine>
      ) : null}
    </section>
  );
}
