import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { cookieName, serializeCookie } from '#server/auth/cookies.ts';
import { isLanguage } from '#server/i18n/languages.ts';
import { languageCookieName } from '#server/i18n/negotiate.ts';
import { readForm } from '~/lib/form.server';
import { staffReturnPath } from '~/lib/staff.server';

/** The desk's language switch (any of the seven languages): the same cookie as the portal's switcher. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = form.get('hl');
  const location = staffReturnPath(form.get('returnTo'));
  if (!isLanguage(language)) return redirect(location);
  return redirect(location, {
    headers: {
      'Set-Cookie': serializeCookie(cookieName(languageCookieName), language, { maxAgeSeconds: 31_536_000 }),
    },
  });
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
