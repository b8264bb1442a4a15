import { formatReference } from '#server/auth/reference.ts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { claimSubjectText } from '~/lib/claim-texts';
import { listDebtorCasesForPage, switchCaseForPage } from '#server/claims/cases.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { requireDebtor } from '~/lib/auth.server';
import { formatMoney } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useRootData } from '~/root';
import { readForm } from '~/lib/form.server';
import { privatePageMeta } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/** The debtor's files (route name DebtorCases); opening one switches the session's file. */
export const handle = { i18n: ['common', 'dashboard', 'claim'] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'dashboard');
  const session = await requireDebtor(request, variant, { context });
  const cases = await listDebtorCasesForPage(session);
  return { title: documentTitle(t('cases.title'), variant.brand.name), cases };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant } = await pageContext(request, params, 'dashboard');
  const session = await requireDebtor(request, variant);
  const form = await readForm(request);
  const result = await switchCaseForPage(
    session,
    { fileId: String(form.get('fileId') ?? '') },
    { clientAddress: context.clientAddress },
  );
  if (!result.ok) return data({ error: result.error }, { status: 403 });
  return redirect(withBase(variants[result.variant as VariantId] ?? variant, '/dashboard'));
}

export default function ClaimsList() {
  const { cases } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { locale, variant } = useRootData()!;
  const { t } = useTranslation(['dashboard', 'claim']);
  return (
    <div className="container page">
      <h1>{t('cases.title')}</h1>
      <p className="lead">{t('cases.lead', { count: cases.length })}</p>
      {actionData?.error ? (
        <p className="panel panel--warning" role="alert">
          {actionData.error === 'measureRunning'
            ? t('cases.measureRunning', { phone: variant.support.phone })
            : t('cases.notYours')}
        </p>
      ) : null}
      <ul className="case-list">
        {cases.map((c) => (
          <li key={c.fileId} className="card">
            <h2>{c.creditor}</h2>
            <p className="muted">
              {t('reference', { reference: formatReference(c.refno, c.subcase) })} ·{' '}
              {claimSubjectText(t, c.claimSubject)}
            </p>
            <p className="amount">{formatMoney(c.totalMinor, c.currency, locale)}</p>
            {c.available ? (
              <Form method="post">
                <input type="hidden" name="fileId" value={c.fileId} />
                <button type="submit" className={`button${c.current ? ' button--secondary' : ''}`}>
                  {t(c.current ? 'cases.openCurrent' : 'cases.open')}
                  <span className="visually-hidden"> – {c.creditor}</span>
                </button>
              </Form>
            ) : (
              <p className="panel panel--warning">{t('cases.measureRunning', { phone: variant.support.phone })}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
