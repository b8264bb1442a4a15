import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { clearStaffCookie, staffSignOut } from '#server/staff/sessions.ts';

/** Ends the staff session (a post, so no link can sign anyone out). */
export async function action({ request, context }: ActionFunctionArgs) {
  await staffSignOut(request, context.clientAddress);
  return redirect('/staff/signin?signedOut=1', { headers: { 'Set-Cookie': clearStaffCookie() } });
}

/** Signing out takes a post; a plain visit goes to the sign-in page (and signs no one out). */
export function loader() {
  return redirect('/staff/signin');
}
