import { useLocation } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';

/** Depth of a path inside its variant: /serviceportal/checkout/pay-direct has depth 2. */
export function pathDepth(pathname: string): number {
  return pathname.split('/').filter(Boolean).length - 1;
}

export type TransitionDirection = 'deeper' | 'shallower' | 'none';

/** Deeper pages slide in from one side, shallower from the other; profile pages do not move. */
export function transitionDirection(from: string, to: string): TransitionDirection {
  if (from === to || /\/debtor\/profile/.test(from) || /\/debtor\/profile/.test(to)) return 'none';
  const difference = pathDepth(to) - pathDepth(from);
  return difference > 0 ? 'deeper' : difference < 0 ? 'shallower' : 'none';
}

export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  // The direction is worked out once per move, from the path of the page before.
  const [shownPath, setShownPath] = useState(location.pathname);
  const [direction, setDirection] = useState<TransitionDirection>('none');
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setDirection(transitionDirection(shownPath, location.pathname));
  }
  return (
    <div key={location.pathname} className={direction === 'none' ? undefined : `transition--${direction}`}>
      {children}
    </div>
  );
}

/** A hash anchor scrolls smoothly below the sticky header after one second (spec 2.2). */
export function useHashScroll(delayMs = 1000) {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const timer = window.setTimeout(() => {
      const target = document.getElementById(id);
      if (!target) return;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [location.hash, location.pathname, delayMs]);
}
