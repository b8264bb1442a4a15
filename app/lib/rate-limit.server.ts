import { data } from '@remix-run/node';

/**
 * The answer of a form whose rate limit is used up (server/limits/rate-limits.ts): the form's
 * usual data (so nothing typed is lost) plus the wait, with status 429 and Retry-After. The page
 * shows it like its other errors (components/ui/RateLimitMessage.tsx).
 */
export function tooManyRequests<T extends object>(body: T, limited: { retryAfterSeconds: number }) {
  return data(
    { ...body, rateLimited: { minutes: Math.max(1, Math.ceil(limited.retryAfterSeconds / 60)) } },
    { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds), 'Cache-Control': 'no-store' } },
  );
}
