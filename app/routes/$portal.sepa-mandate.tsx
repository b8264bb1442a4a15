export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * The SEPA direct debit mandate as a printable page (print CSS hides navigation and buttons
 * and adds a signature line): creditor id, mandate reference, account holder, IBAN, BIC,
 * target date and the mandate text.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { latestMandateForPage } from '#server/instalments/mandate.ts';
import { friendlyIban, maskIban } from '#server/instalments/sepa.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireDebtor } from '~/lib/auth.server';
import { formatDate } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import styles from '~/styles/instalments.css?url';
import { privatePageMeta, stylesheets } from '~/lib/meta';

export const handle = { i18n: ['common', 'instalments'] };
export const links = stylesheets(styles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, ['instalments', 'common']);
  const session = await requireDebtor(request, variant, { context });
  const mandate = await latestMandateForPage(session);
  // The mandate as it was signed. A reference-only session sees the account masked and no BIC
  // (decision 018): enough to recognise one's own mandate, not to read someone's account.
  const full = session.level === 'full';
  return {
    title: documentTitle(t('mandatePage.title'), variant.brand.name),
    creditor: {
      name: variant.legal.name,
      address: `${variant.legal.street}, ${variant.legal.postalCode} ${variant.legal.city}`,
    },
    full,
    stepUpHref: `${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(withBase(variant, '/sepa-mandate'))}`,
    mandate: mandate
      ? {
          ...mandate,
          iban: full ? friendlyIban(mandate.iban) : maskIban(mandate.iban),
          accountHolder: full ? mandate.accountHolder : maskName(mandate.accountHolder),
          bic: full ? mandate.bic : null,
        }
      : null,
  };
}

/** "Andreas Wolf" → "A•••• W•••": the first letter of each part. */
function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part.slice(0, 1)}•••`)
    .join(' ');
}

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title);

export default function SepaMandate() {
  const { mandate, creditor, full, stepUpHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['instalments', 'common']);
  const { variant, locale } = useRootData()!;
  return (
    <div className="container page instalments">
      <h1 id="mandate-title">{t('mandatePage.title')}</h1>
      {mandate ? (
        // The page's heading names the mandate; a second heading with the same words only repeated
        // it (issue 25, finding 11).
        <article className="card" aria-labelledby="mandate-title">
          <dl className="definition-list">
            <dt>{t('mandate.creditor')}</dt>
            <dd>
              {creditor.name}, {creditor.address}
            </dd>
            <dt>{t('mandate.creditorId')}</dt>
            <dd className="fixed-text">{mandate.creditorId}</dd>
            <dt>{t('mandate.reference')}</dt>
            <dd className="fixed-text" data-testid="mandate-reference">
              {mandate.mandateReference}
            </dd>
            <dt>{t('mandate.accountHolder')}</dt>
            <dd>{mandate.accountHolder}</dd>
            <dt>{t('mandate.iban')}</dt>
            <dd className="fixed-text">{mandate.iban}</dd>
            {full ? (
              <>
                <dt>{t('mandate.bic')}</dt>
                <dd className="fixed-text">{mandate.bic ?? t('mandatePage.noBic')}</dd>
              </>
            ) : null}
            <dt>{t('mandate.targetDate')}</dt>
            <dd>{formatDate(mandate.targetDate, locale)}</dd>
            <dt>{t('mandatePage.signedAt')}</dt>
            <dd>{formatDate(mandate.signedAt, locale)}</dd>
          </dl>
          <p className="mandate-text">{t('mandate.text', { creditor: creditor.name })}</p>
          <p className="print-only signature-line">{t('mandatePage.signature')}</p>
          {full ? null : (
            <div className="panel no-print" data-testid="mandate-masked">
              <p>{t('common:shell.stepUp.maskedAccount')}</p>
              <p>
                <a href={stepUpHref}>{t('common:shell.stepUp.link')}</a>
              </p>
            </div>
          )}
        </article>
      ) : (
        <div className="panel panel--warning">
          <p>{t('mandatePage.none')}</p>
        </div>
      )}
      <div className="button-row no-print">
        {mandate && full ? (
          <a
            className="button"
            href="#print"
            data-print
            onClick={(event) => {
              event.preventDefault();
              window.print();
            }}
          >
            {t('mandatePage.print')}
          </a>
        ) : null}
        <Link className="button button--secondary" to={href(variant, '/dashboard')}>
          {t('back')}
        </Link>
      </div>
      {mandate && full ? <p className="muted no-print">{t('mandatePage.printHint')}</p> : null}
    </div>
  );
}
