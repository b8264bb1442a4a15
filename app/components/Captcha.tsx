import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import workerUrl from 'altcha/worker?url';
import { recoverCaptcha } from '~/lib/captcha-recovery';

/** Whether the widget's code is there (a widget shown again after an answer needs no new start). */
let widgetLoaded = false;

/**
 * The self-hosted proof-of-work captcha (ALTCHA). The widget is a web component loaded only in
 * the browser; it puts its signed solution into a hidden field named "altcha" inside the form.
 */
export function Captcha({ challengeUrl, error }: { challengeUrl: string; error?: string }) {
  const { t } = useTranslation('signin');
  const [ready, setReady] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLElement>(null);
  // The widget starts solving as soon as it is there (auto="onload"), so the check is done while
  // the debtor types (issue 25, finding 7: it used to start on the first focus and took seconds
  // after it). Its code (about 24 kB compressed) is still not part of the page's first load
  // (issue 16): it is fetched once the page is idle after hydration, or earlier on a focus inside
  // the form or any tap, click or key press on the page.
  useEffect(() => {
    let cancelled = false;
    const form = boxRef.current?.closest('form') ?? null;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    let idle: number | undefined;
    const stopListening = () => {
      form?.removeEventListener('focusin', load);
      for (const type of events) document.removeEventListener(type, load, true);
      if (idle === undefined) return;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
    function load() {
      stopListening();
      void import('altcha/external').then(() => {
        widgetLoaded = true;
        if (!cancelled) setReady(true);
      });
    }
    if (widgetLoaded || !form) load();
    else {
      form.addEventListener('focusin', load);
      for (const type of events) document.addEventListener(type, load, { capture: true, passive: true });
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(load, { timeout: 1_000 })
        : window.setTimeout(load, 200);
    }
    return () => {
      cancelled = true;
      stopListening();
    };
  }, []);
  // A failed challenge request or a worker that never loaded would leave the widget failed or
  // "verifying" for good: it is started again a few times (app/lib/captcha-recovery.ts).
  const failed = t('captcha.error');
  useEffect(() => {
    const widget = widgetRef.current;
    if (!ready || !widget) return;
    return recoverCaptcha(widget, { failedMessage: failed });
  }, [ready, failed]);
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
    <div className={`field${error ? ' field--error' : ''}`} id="captcha" ref={boxRef}>
      <span className="field-label">{t('captcha.title')}</span>
      {error ? (
        <span className="field-error" id="captcha-error">
          <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {error}
        </span>
      ) : null}
      {ready ? (
        <altcha-widget
          ref={widgetRef}
          challengeurl={challengeUrl}
          workerurl={workerUrl}
          name="altcha"
          strings={strings}
          hidelogo
          hidefooter
          disableautofocus
          auto="onload"
        />
      ) : (
        <p className="hint">{t('captcha.loading')}</p>
      )}
      <noscript>
        <p className="panel panel--warning">{t('captcha.noScript')}</p>
      </noscript>
    </div>
  );
}
