import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import workerUrl from 'altcha/worker?url';

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
  // The widget's code (about 24 kB compressed) is fetched when the debtor starts on the form, not
  // with the page (issue 16): on a focus inside the form (the widget starts solving on that focus
  // anyway, auto="onfocus"), or on any tap, click or key press on the page. A focus already in the
  // form when the page hydrates loads it at once.
  useEffect(() => {
    let cancelled = false;
    const form = boxRef.current?.closest('form') ?? null;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const load = () => {
      form?.removeEventListener('focusin', load);
      for (const type of events) document.removeEventListener(type, load, true);
      void import('altcha/external').then(() => {
        widgetLoaded = true;
        if (!cancelled) setReady(true);
      });
    };
    const focused = document.activeElement;
    if (widgetLoaded || !form || (focused && focused !== document.body && form.contains(focused))) load();
    else {
      form.addEventListener('focusin', load);
      for (const type of events) document.addEventListener(type, load, { capture: true, passive: true });
    }
    return () => {
      cancelled = true;
      form?.removeEventListener('focusin', load);
      for (const type of events) document.removeEventListener(type, load, true);
    };
  }, []);
  // auto="onfocus" makes the widget start solving when something in its form gains focus, but it
  // listens only from its own start on. A debtor who taps the reference field while the page or
  // the widget is still loading has already focused it: that focus is never seen, and the widget
  // would wait until the checkbox is ticked. So once the widget is up ("load"), a focus already
  // in the form starts the solving at once.
  // A layout effect: it runs in the same task as the widget's insertion, before the widget
  // starts (after a microtask) and long before its "load" event.
  const widgetRef = useRef<AltchaWidget>(null);
  useIsomorphicLayoutEffect(() => {
    const element = widgetRef.current;
    if (!element) return;
    const onLoad = () => {
      const focused = document.activeElement;
      const form = element.closest('form');
      if (form && focused && focused !== document.body && form.contains(focused)) void element.verify?.();
    };
    element.addEventListener('load', onLoad, { once: true });
    return () => element.removeEventListener('load', onLoad);
  }, [ready]);
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
          auto="onfocus"
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

/** The widget element's method used here (altcha's custom element exposes its component's API). */
interface AltchaWidget extends HTMLElement {
  verify?: () => Promise<void>;
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
