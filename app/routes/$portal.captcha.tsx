import type { LoaderFunctionArgs } from '@remix-run/node';
import { recentFailuresForPage } from '#server/auth/attempts.ts';
import { newCaptchaChallenge } from '#server/auth/captcha.ts';
import { consumeForPage } from '#server/limits/rate-limits.ts';
import { i18next } from '~/i18next.server';
import { requireVariant } from '~/lib/route-helpers.server';

/**
 * A fresh proof-of-work challenge for the captcha widget (stateless: signed, expiring), a limited
 * number a minute per client address; past it 429 with Retry-After (the widget then says that
 * the check failed and offers it again).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireVariant(params);
  const limit = await consumeForPage('captchaClient', context.clientAddress);
  if (!limit.ok) {
    const t = await i18next.getFixedT(await i18next.getLocale(request), 'common');
    const error = t('form.rateLimited', { count: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) });
    return Response.json(
      { error },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds), 'Cache-Control': 'no-store' } },
    );
  }
  const asked = Number(new URL(request.url).searchParams.get('failures'));
  const failures = Math.max(
    await recentFailuresForPage({ client: context.clientAddress }),
    Number.isInteger(asked) && asked > 0 ? Math.min(asked, 30) : 0,
  );
  return Response.json(await newCaptchaChallenge(failures), { headers: { 'Cache-Control': 'no-store' } });
}
