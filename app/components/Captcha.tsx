import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import workerUrl from 'altcha/worker?url';

/**
 * The self-hosted proof-of-work captcha (ALTCHA). The widget is a web component loaded only in
 * the browser; it puts its signed solution into a hidden field named "altcha" inside the form.
 */
export function Captcha({ challengeUrl, error }: { challengeUrl: string; error?: string }) {
  const { t } = useTranslation('signin');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void import('altcha/external').then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const strings = JSON.stringify({
    label: t('captcha.label'),
    verified: t('captcha.verified'),
    verifying: t('captcha.verifying'),
    waitAlert: t('captcha.wait'),
    error: t('captcha.error'),
    expired: t('captcha.expired'),
    ariaLinkLabel: t('captcha.label'),
  });
  return (
    <div className={`field${error ? ' field--error' : ''}`} id="captcha">
      <span className="field-label">{t('captcha.title')}</span>
      {error ? (
        <span className="field-error" id="captcha-error">
          <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {error}
        </span>
      ) : null}
      {ready ? (
        <altcha-widget challengeurl={challengeUrl} workerurl={workerUrl} name="altcha" strings={strings} hidelogo hidefooter disableautofocus auto="onfocus" />
      ) : (
        <p className="hint">{t('captcha.loading')}</p>
      )}
      <noscript>
        <p className="panel panel--warning">{t('captcha.noScript')}</p>
      </noscript>
    </div>
  );
}
