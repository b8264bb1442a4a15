import { useEffect, useRef, useState, type RefObject } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Moves focus to a step's heading when the step changes (decision 061): a new step of a journey
 * (announce a payment, pay in instalments, the feedback sent, …) is announced by its heading and
 * shown from the top, instead of leaving focus on the body and the screen on whatever is now
 * below the shorter page (often only the footer). Runs when `step` changes and when the heading
 * appears after a client-side navigation; never for the page the browser loaded itself, which
 * keeps the browser's own focus and scroll position (without JavaScript every step is such a
 * page, starting at the top anyway).
 *
 * `target` picks the element (default: the returned ref's element); it gets `tabindex="-1"` so
 * it can take focus, and is scrolled to the top of the window (below the sticky header through
 * its scroll-margin).
 */
export function useStepFocus<T extends HTMLElement>(
  step: string | number | boolean | null | undefined,
  target?: () => HTMLElement | null | undefined,
): RefObject<T> {
  const ref = useRef<T>(null);
  const pick = useRef(target);
  useEffect(() => {
    pick.current = target;
  });
  // False while React hydrates the loaded page, true for anything mounted later: kept as it was at mount.
  const [mountedAfterLoad] = useState(useHydrated());
  const seen = useRef(false);
  useEffect(() => {
    const first = !seen.current;
    seen.current = true;
    if (first && !mountedAfterLoad) return;
    const element = pick.current ? pick.current() : ref.current;
    if (!element) return;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start' });
    // Only a new step moves focus; `mountedAfterLoad` never changes.
  }, [step, mountedAfterLoad]);
  return ref;
}
