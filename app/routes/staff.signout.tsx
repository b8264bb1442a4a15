import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { audit } from '#server/audit/log.ts';
import { getDatabase } from '#server/db/client.ts';
import { clearStaffCookie, destroyStaffSession, findStaffSession } from '#server/staff/sessions.ts';

/** Ends the staff session (a post, so no link can sign anyone out). */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = await getDatabase();
  const session = await findStaffSession(db, request);
  if (session) {
    await destroyStaffSession(db, session.idHash);
    await audit(db, {
      actor: 'staff',
      action: 'staff.signout',
      clientAddress: context.clientAddress,
      detail: { staffId: session.staffId },
    });
  }
  return redirect('/staff/signin?signedOut=1', { headers: { 'Set-Cookie': clearStaffCookie() } });
}

/** Signing out takes a post; a plain visit goes to the sign-in page (and signs no one out). */
export function loader() {
  return redirect('/staff/signin');
}
