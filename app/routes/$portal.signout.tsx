import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { clearSessionCookie, signOut } from '#server/auth/sessions.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireVariant } from '~/lib/route-helpers.server';
import { readForm } from '~/lib/form.server';

/** Sign-out: the server session is deleted, the cookie cleared, and the debtor goes home. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const variant = requireVariant(params);
  // Read (or refuse) the body before anything is undone.
  const reason = (await readForm(request)).get('reason');
  await signOut(request, context.clientAddress);
  const home = reason === 'timeout' ? `${withBase(variant, '/')}?signedOut=timeout` : withBase(variant, '/');
  return redirect(home, { headers: { 'Set-Cookie': clearSessionCookie(), 'Clear-Site-Data': '"cache", "storage"' } });
}

/** A GET (an old bookmark) signs nothing out; it shows the home page. */
export function loader({ params }: ActionFunctionArgs) {
  return redirect(withBase(requireVariant(params), '/'));
}
