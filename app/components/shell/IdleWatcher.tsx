import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '~/components/ui/Modal';
import { href, type PublicVariant } from '~/lib/variant';

const minute = 60_000;

/**
 * Idle warning (spec 4.1): after 10 minutes without activity a dialog shows the minutes left and
 * offers to stay signed in or to log out; at 15 minutes the debtor is signed out. The server
 * enforces the same deadline; this only tells the debtor in time.
 */
export function IdleWatcher({
  variant,
  deadline: serverDeadline,
  warningMinutes = 5,
}: {
  variant: PublicVariant;
  /** When the session ends, on this browser's clock (IdleWatcherOnDemand takes it from the server's count). */
  deadline: number;
  warningMinutes?: number;
}) {
  const { t } = useTranslation();
  const extend = useFetcher<{ ok: boolean; msLeft?: number }>();
  // The deadline is kept on this browser's own clock, so a browser clock that is off never signs
  // anyone out early.
  const [deadline, setDeadline] = useState(serverDeadline);
  const [now, setNow] = useState(() => Date.now());
  const signOutForm = useRef<HTMLFormElement>(null);

  // Each page load and each extension brings the server's fresh count.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new count from the page's data
  useEffect(() => setDeadline(serverDeadline), [serverDeadline]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (extend.data?.ok && extend.data.msLeft !== undefined) setDeadline(Date.now() + extend.data.msLeft);
    else if (extend.data && !extend.data.ok) window.location.assign(`${href(variant, '/')}?signedOut=timeout`);
  }, [extend.data, variant]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    const warnAt = deadline - warningMinutes * minute - Date.now();
    const endAt = deadline - Date.now();
    const warn = window.setTimeout(() => setNow(Date.now()), Math.max(0, warnAt));
    const end = window.setTimeout(() => setNow(Date.now()), Math.max(0, endAt));
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(warn);
      window.clearTimeout(end);
    };
  }, [deadline, warningMinutes]);

  const left = deadline - now;
  const expired = left <= 0;
  useEffect(() => {
    if (expired) signOutForm.current?.requestSubmit();
  }, [expired]);

  const minutesLeft = Math.max(1, Math.ceil(left / minute));
  return (
    <>
      <form ref={signOutForm} method="post" action={href(variant, '/signout')} hidden>
        <input type="hidden" name="reason" value="timeout" />
      </form>
      <Modal open={!expired && left <= warningMinutes * minute} title={t('idle.title')}>
        <p aria-live="polite">{t('idle.text', { count: minutesLeft })}</p>
        <div className="button-row">
          <extend.Form method="post" action={href(variant, '/session')}>
            {/* The dialog's first action takes the focus when it opens (the HTML dialog pattern). */}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- inside a modal dialog, see above */}
            <button type="submit" className="button" autoFocus>
              {t('idle.extend')}
            </button>
          </extend.Form>
          <form method="post" action={href(variant, '/signout')}>
            <button type="submit" className="button button--secondary">
              {t('idle.logout')}
            </button>
          </form>
        </div>
      </Modal>
    </>
  );
}
