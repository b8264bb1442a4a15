import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '~/components/ui/SubmitButton';

/**
 * "Send it by e-mail" for a reference-only session, which may not type an address: to the address
 * on file (the form posts `recipient=stored`, with the page's `intent` where it has several forms),
 * or, with none on file, the way to the full sign-in. `notice` stands above the offer (a refusal,
 * a used-up rate limit).
 */
export function StoredAddressOffer({
  offer: { hasStoredAddress, stepUpHref },
  intent,
  buttonClassName,
  linkClassName,
  notice,
}: {
  /** The page's answer: is there an address on file, and where the full sign-in starts. */
  offer: { hasStoredAddress: boolean; stepUpHref: string };
  intent?: string;
  buttonClassName?: string;
  linkClassName?: string;
  notice?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return hasStoredAddress ? (
    <>
      {notice}
      <p>{t('common:shell.stepUp.storedAddressLead')}</p>
      <Form method="post">
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <input type="hidden" name="recipient" value="stored" />
        <SubmitButton className={buttonClassName}>{t('common:shell.stepUp.sendToStored')}</SubmitButton>
      </Form>
      <p>
        <a href={stepUpHref}>{t('common:shell.stepUp.otherAddress')}</a>
      </p>
    </>
  ) : (
    <>
      <p>{t('common:shell.stepUp.noStoredAddress')}</p>
      <p>
        <a className={linkClassName} href={stepUpHref}>
          {t('common:shell.stepUp.link')}
        </a>
      </p>
    </>
  );
}
