import type { LoaderFunctionArgs } from '@remix-run/node';
import { newCaptchaChallenge } from '#server/auth/captcha.ts';
import { requireVariant } from '~/lib/route-helpers.server';

/** A fresh proof-of-work challenge for the captcha widget (stateless: signed, expiring). */
export async function loader({ params }: LoaderFunctionArgs) {
  requireVariant(params);
  return Response.json(await newCaptchaChallenge(), { headers: { 'Cache-Control': 'no-store' } });
}
