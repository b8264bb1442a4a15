import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { withBase } from '#server/variants/resolve.ts';
import { checkoutContext, ownPayment, pathForPayment } from '~/lib/checkout.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import { privatePageMeta } from '~/lib/meta';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Where the provider sends the browser back. The query is never trusted: the payment must belong
 * to the session's file, and its status is asked from the provider (and booked once) before the
 * debtor sees the confirmation, the choice of another method, or the payment page again. A
 * payment this file does not have (an old or foreign link, a typo) gets the portal's own page,
 * in the debtor's language, with the way on (404).
 */
export const handle = { i18n: ['common', 'checkout'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, session, t } = await checkoutContext(request, params);
  let payment: Awaited<ReturnType<typeof ownPayment>>;
  try {
    payment = await ownPayment(session.fileId, new URL(request.url).searchParams.get('payment'));
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 404) throw error;
    return data({ title: documentTitle(t('returnUnknown.title'), variant.brand.name) }, { status: 404 });
  }
  return redirect(withBase(variant, pathForPayment(payment) ?? `/checkout/pay-direct/payment/${payment.id}`));
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export default function UnknownPaymentReturn() {
  const { variant } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  return (
    <div className="container page">
      <div className="form-card">
        <h1>{t('returnUnknown.title')}</h1>
        <p className="lead">{t('returnUnknown.text')}</p>
        <ButtonLinkLine to={href(variant, '/checkout/pay-direct')}>{t('returnUnknown.pay')}</ButtonLinkLine>
        <p>
          <Link to={href(variant, '/dashboard')}>{t('backToDashboard')}</Link>
        </p>
      </div>
    </div>
  );
}
