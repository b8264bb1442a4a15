import { useTranslation } from 'react-i18next';
import { href, type PublicVariant } from '~/lib/variant';

export type BankIdMethod = 'bankIdSe' | 'bankIdNo';

/**
 * "Sign in with BankID" for the sign-in page of a variant that offers it; renders nothing
 * elsewhere. The sign-in loader decides with `bankIdMethod(variant)` from
 * server/auth/bank-id/sign-in.ts (null when the variant has no bank-identity login or the
 * provider is switched off) and the page needs the `bankid` namespace in its `handle.i18n`.
 *
 * A plain link with a full page load: for Norway the target redirects at once to the identity
 * provider, and nothing should prefetch it (every visit starts a login).
 */
export function BankIdEntry({
  variant,
  method,
}: {
  variant: Pick<PublicVariant, 'basePath'>;
  method: BankIdMethod | null | undefined;
}) {
  const { t } = useTranslation('bankid');
  if (!method) return null;
  return (
    <div className="panel stack">
      <p>
        <a className="button button--secondary button--block" href={href(variant, '/signin/bankid')}>
          {t('entry.button')}
        </a>
      </p>
      <p className="muted">{t(method === 'bankIdSe' ? 'entry.hintSE' : 'entry.hintNO')}</p>
    </div>
  );
}

/**
 * Why a bank-identity login failed; where only a person can help (no file found for the
 * personal number, a measure running), the support phone number follows.
 */
export function BankIdFailurePanel({ reason, variant }: { reason: string; variant: Pick<PublicVariant, 'support'> }) {
  const { t } = useTranslation('bankid');
  const needsPhone = reason === 'measureRunning' || reason === 'unknownPerson';
  return (
    <div className="panel panel--warning" role="alert">
      <h2>{t('errorTitle')}</h2>
      <p>{t(`errors.${reason}`)}</p>
      {needsPhone ? (
        <p>
          {t('callTitle')} <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>
        </p>
      ) : null}
    </div>
  );
}
