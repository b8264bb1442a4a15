import { redirect } from '@remix-run/node';
import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import { todayForVariant } from '#server/dates.ts';
import { checkoutFile, paymentOfFile, type PaymentRow } from '#server/payments/checkout.ts';
import { queryOf, type PaymentPurpose } from '#server/payments/purpose.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireDebtor } from '~/lib/auth.server';
import { pageContext } from '~/lib/route-helpers.server';

/**
 * The start of every checkout loader and action: the debtor's session (a visitor goes to sign-in),
 * the file's facts, and the file's own variant (a file lives in its country's portal, spec 2.2).
 */
export async function checkoutContext(
  request: Request,
  params: LoaderFunctionArgs['params'],
  /** A page's loader passes its context: the root's read of the session serves it too. */
  context?: AppLoadContext,
) {
  const ctx = await pageContext(request, params, ['checkout', 'common']);
  const session = await requireDebtor(request, ctx.variant, { context });
  // Today in the variant's own time zone (server/dates.ts).
  const today = todayForVariant(ctx.variant.id);
  const file = await checkoutFile(session.fileId, today);
  if (!file) throw redirect(withBase(ctx.variant, '/signin?action=AZonly'));
  const { facts } = file;
  if (file.variant !== null && file.variant !== ctx.variant.id) {
    const url = new URL(request.url);
    const own = variants[file.variant as VariantId];
    if (own) throw redirect(`${own.basePath}${url.pathname.slice(ctx.variant.basePath.length)}${url.search}`);
  }
  return { ...ctx, session, facts, today };
}

/** The session's own payment named in the URL, brought up to date with the provider; another file's payment is a 404. */
export async function ownPayment(
  fileId: number,
  paymentId: string | null | undefined,
  sync = true,
): Promise<PaymentRow> {
  const payment = paymentId ? await paymentOfFile(fileId, paymentId, sync) : null;
  if (!payment) throw new Response('Not Found', { status: 404 });
  return payment;
}

/** Where a payment in a given state belongs: paid → confirmation, ended without payment → choose again. */
export function pathForPayment(payment: PaymentRow): string | null {
  if (payment.status === 'paid') return `/checkout/pay-direct/confirmation/${payment.id}`;
  if (payment.status === 'failed' || payment.status === 'cancelled' || payment.status === 'expired') {
    const q = queryOf(payment.purpose as PaymentPurpose);
    return `/checkout/pay-direct?${q ? `${q}&` : ''}aborted=${payment.id}`;
  }
  return null;
}
