import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * Page views go to the self-hosted endpoint, only after consent and only when one is
 * configured. Paths are sent without numbers (no reference numbers) and without query strings.
 */
export function anonymisedPath(pathname: string): string {
  return pathname.replace(/\d{3,}(?:[-/]\d{1,3})?/g, ':n');
}

export function useAnalytics(endpoint: string | null | undefined, variant: string | undefined) {
  const location = useLocation();
  useEffect(() => {
    if (!endpoint || !variant || typeof navigator.sendBeacon !== 'function') return;
    const body = JSON.stringify({
      type: 'pageview',
      path: anonymisedPath(location.pathname),
      variant,
      at: new Date().toISOString(),
    });
    navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
  }, [endpoint, variant, location.pathname]);
}
