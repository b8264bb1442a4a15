import type { LoaderFunctionArgs } from '@remix-run/node';
import { swissQrBillFor } from '#server/payments/checkout.ts';
import { checkoutContext, ownPayment } from '~/lib/checkout.server';

/**
 * The Swiss QR-bill of the session's own bank transfer as an SVG (decision 030): shown on the
 * payment page and, with ?download=1, saved to print. Another file's payment, another currency or
 * a payment that is not a bank transfer is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, facts } = await checkoutContext(request, params);
  const payment = await ownPayment(session.fileId, params.paymentId, false);
  const bill = payment.providerId === '6' ? await swissQrBillFor(payment, facts) : null;
  if (!bill) throw new Response('Not Found', { status: 404 });
  const download = new URL(request.url).searchParams.get('download') === '1';
  return new Response(bill.svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'private, no-store',
      // The bill carries the debtor's name and address: no scripts, no embedding elsewhere.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      ...(download ? { 'Content-Disposition': `attachment; filename="qr-bill-${facts.refno}.svg"` } : {}),
    },
  });
}
