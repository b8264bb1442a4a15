import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once the page's script runs
 * (and at once for anything mounted after that). Parts that work differently without
 * JavaScript ask this instead of setting state in an effect.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
