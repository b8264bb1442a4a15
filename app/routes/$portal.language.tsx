import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { cookieName, serializeCookie } from '#server/auth/cookies.ts';
import { isLanguage } from '#server/i18n/languages.ts';
import { languageCookieName, languageQueryParam } from '#server/i18n/negotiate.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireVariant, safeReturnPath } from '~/lib/route-helpers.server';
import { readForm } from '~/lib/form.server';

const oneYear = 60 * 60 * 24 * 365;

/** The language switcher: remembers the choice in a cookie and returns to the same page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const variant = requireVariant(params);
  const form = await readForm(request);
  const language = form.get('hl');
  const target = new URL(safeReturnPath(form.get('returnTo'), withBase(variant, '/')), 'http://portal.invalid');
  target.searchParams.delete(languageQueryParam);
  const location = `${target.pathname}${target.search}`;
  if (!isLanguage(language) || !variant.languages.includes(language)) return redirect(location);
  return redirect(location, {
    headers: {
      'Set-Cookie': serializeCookie(cookieName(languageCookieName), language, {
        maxAgeSeconds: oneYear,
        httpOnly: true,
      }),
    },
  });
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
