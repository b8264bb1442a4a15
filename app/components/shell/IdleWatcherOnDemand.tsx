import { useEffect, useState, type ComponentType } from 'react';
import type { PublicVariant } from '~/lib/variant';
import type { IdleWatcher } from './IdleWatcher';

const minute = 60_000;
/** The watcher's code is fetched this long before its warning is due. */
const loadAhead = minute;

/**
 * The idle warning (spec 4.1) with its code fetched only when it is near (issue 16): a signed-in
 * page renders nothing for it until a minute before the warning, then loads IdleWatcher (its
 * dialog, the extension and the sign-out at the deadline), so no page loads it on first load.
 * Nothing of it is in the server's HTML: without JavaScript nothing can warn, and the server
 * ends the session at the same deadline either way.
 */
export function IdleWatcherOnDemand({
  variant,
  msLeft,
  warningMinutes = 5,
}: {
  variant: PublicVariant;
  /** The server's count for this page load: how long the session lasts without activity. */
  msLeft: number;
  warningMinutes?: number;
}) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [Watcher, setWatcher] = useState<ComponentType<Parameters<typeof IdleWatcher>[0]> | null>(null);

  // Each page load brings the server's fresh count; the deadline is taken on this browser's clock
  // when it arrives, and Date.now() must not run during render: so an effect.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
  useEffect(() => setDeadline(Date.now() + msLeft), [msLeft]);

  useEffect(() => {
    if (Watcher || deadline === null) return;
    let cancelled = false;
    const load = window.setTimeout(
      () => {
        import('./IdleWatcher').then(
          (module) => {
            if (!cancelled) setWatcher(() => module.IdleWatcher);
          },
          // The code could not be fetched (offline, a deploy in between): no warning, but the
          // server still ends the session at the deadline. The next count tries again.
          () => undefined,
        );
      },
      Math.max(0, deadline - warningMinutes * minute - loadAhead - Date.now()),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(load);
    };
  }, [Watcher, deadline, warningMinutes]);

  return Watcher && deadline !== null ? (
    <Watcher variant={variant} deadline={deadline} warningMinutes={warningMinutes} />
  ) : null;
}
