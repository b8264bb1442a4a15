import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { withBase } from '#server/variants/resolve.ts';
import { checkoutContext, ownPayment, pathForPayment } from '~/lib/checkout.server';

/**
 * Where the provider sends the browser back. The query is never trusted: the payment must belong
 * to the session's file, and its status is asked from the provider (and booked once) before the
 * debtor sees the confirmation, the choice of another method, or the payment page again.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, session, db } = await checkoutContext(request, params);
  const payment = await ownPayment(db, session.fileId, new URL(request.url).searchParams.get('payment'));
  return redirect(withBase(variant, pathForPayment(payment) ?? `/checkout/pay-direct/payment/${payment.id}`));
}
