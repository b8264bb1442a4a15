import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '~/lib/format';
import { href } from '~/lib/variant';
import type { twintReturn } from '~/lib/twint.server';
import { useRootData } from '~/root';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

export interface TwintResultData {
  outcome: 'paid' | 'pending' | 'failed';
  paymentId: string;
  amountMinor: number;
  currency: string;
  chooseAgain: string;
}

/** The Swiss variant's return pages after a TWINT payment (spec 2.1 pay-direct-success / -failure). */
export function TwintResult({ d }: { d: TwintResultData }) {
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  const amount = formatMoney(d.amountMinor, d.currency, locale);
  return (
    <div className="container page twint-result">
      {d.outcome === 'paid' ? (
        <div className="panel panel--success" role="status">
          <h1>{t('twint.successTitle')}</h1>
          <p>{t('twint.successText', { amount })}</p>
          <ButtonLinkLine to={href(variant, `/checkout/pay-direct/confirmation/${d.paymentId}`)}>
            {t('twint.toConfirmation')}
          </ButtonLinkLine>
        </div>
      ) : d.outcome === 'pending' ? (
        <div className="panel" role="status">
          <h1>{t('twint.pendingTitle')}</h1>
          <p>{t('twint.pendingText')}</p>
          <p>
            <a className="button" href={href(variant, `/checkout/pay-direct/payment/${d.paymentId}`)}>
              {t('page.checkStatus')}
            </a>
          </p>
        </div>
      ) : (
        <div className="panel panel--warning" role="alert">
          <h1>{t('twint.failureTitle')}</h1>
          <p>{t('errors.aborted')}</p>
          <ButtonLinkLine to={href(variant, d.chooseAgain)}>{t('otherMethod')}</ButtonLinkLine>
        </div>
      )}
      <p>
        <Link to={href(variant, '/dashboard')}>{t('backToDashboard')}</Link>
      </p>
    </div>
  );
}

/** The screen of both TWINT return routes: the result their loader (`twintReturn`) read. */
export function TwintReturnPage() {
  const { d } = useLoaderData<(args: LoaderFunctionArgs) => ReturnType<typeof twintReturn>>();
  return <TwintResult d={d} />;
}
