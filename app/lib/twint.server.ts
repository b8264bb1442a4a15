import type { LoaderFunctionArgs } from '@remix-run/node';
import { checkoutContext, ownPayment, pathForPayment } from '~/lib/checkout.server';
import { documentTitle } from '~/lib/route-helpers.server';
import type { TwintResultData } from '~/components/checkout/TwintResult';

/** Loader of both Swiss return pages: only in the Swiss variant, only the session's own TWINT payment, status asked again. */
export async function twintReturn({ request, params }: LoaderFunctionArgs, page: 'success' | 'failure') {
  const { variant, t, session } = await checkoutContext(request, params);
  if (variant.id !== 'ch') throw new Response('Not Found', { status: 404 });
  const payment = await ownPayment(session.fileId, new URL(request.url).searchParams.get('payment'));
  if (payment.providerId !== 'twint') throw new Response('Not Found', { status: 404 });
  const outcome: TwintResultData['outcome'] =
    payment.status === 'paid'
      ? 'paid'
      : payment.status === 'pending' || payment.status === 'created'
        ? 'pending'
        : 'failed';
  const d: TwintResultData = {
    outcome,
    paymentId: payment.id,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    chooseAgain: pathForPayment(payment) ?? '/checkout/pay-direct',
  };
  const titleKey =
    outcome === 'paid' ? 'twint.successTitle' : outcome === 'pending' ? 'twint.pendingTitle' : 'twint.failureTitle';
  return { title: documentTitle(t(titleKey), variant.brand.name), page, d };
}
