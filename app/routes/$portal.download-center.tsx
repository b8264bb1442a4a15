import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { disputeOfForm, formKinds } from '#server/documents/form-schemas.ts';
import { loadDownloadCenterForPage } from '#server/documents/forms.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { DisputeForm, DisputeState, type DisputeActionData } from '~/components/documents/DisputeForm';
import { requireDebtor } from '~/lib/auth.server';
import { handleDispute, notADispute } from '~/lib/documents.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import documentsStyles from '~/styles/documents.css?url';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The download center (spec 2.1, 2.4): the four printable forms, and "the claim is not mine"
 * sent online. Full login only.
 */
export const handle = { i18n: ['common', 'documents', 'uploads'] };
export const links = stylesheets(documentsStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'documents');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const view = await loadDownloadCenterForPage(session.fileId);
  if (!view) throw redirect(withBase(variant, '/signin?action=AZonly'));
  if (view.variant !== variant.id)
    throw redirect(withBase(variants[view.variant as VariantId] ?? variant, '/download-center'));
  return {
    title: documentTitle(t('overview.title'), variant.brand.name),
    dispute: view.dispute,
    finished: view.finished,
    justSent: new URL(request.url).searchParams.get('sent') === '1',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'documents');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const form = await readFormWithUploads(request, { fileId: session.fileId, context: 'dispute' });
  if (form.formData.get('intent') !== 'dispute') return notADispute();
  return handleDispute(form, {
    session,
    variant,
    reason: 'notMyDebt',
    language,
    clientAddress: context.clientAddress,
    successPath: `${withBase(variant, '/download-center')}?sent=1#not-my-debt`,
  });
}

export default function DownloadCenter() {
  const { dispute, finished, justSent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DisputeActionData | undefined;
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['documents', 'common']);
  return (
    <div className="container page documents">
      <h1>{t('overview.title')}</h1>
      <p className="lead">{t('overview.lead')}</p>

      <section aria-labelledby="forms-heading">
        <h2 id="forms-heading">{t('overview.formsTitle')}</h2>
        <ul className="form-tiles">
          {formKinds.map((kind) => (
            <li key={kind} className="card">
              <h3>
                <Link to={href(variant, `/download-center/${kind}`)}>{t(`forms.${kind}.title`)}</Link>
              </h3>
              <p>{t(`forms.${kind}.short`)}</p>
              {disputeOfForm[kind] ? <p className="badge badge--info">{t('overview.onlineToo')}</p> : null}
            </li>
          ))}
        </ul>
      </section>

      <section id="not-my-debt" className="card not-my-debt" aria-labelledby="not-my-debt-heading" tabIndex={-1}>
        <h2 id="not-my-debt-heading">{t('overview.notMyDebt.title')}</h2>
        {dispute ? (
          <DisputeState disputedAt={dispute.disputedAt} reason={dispute.reason} justSent={justSent} locale={locale} />
        ) : finished ? (
          <p className="panel panel--warning">{t('dispute.finished')}</p>
        ) : (
          <>
            <p>{t('overview.notMyDebt.text')}</p>
            <DisputeForm reason="notMyDebt" actionData={actionData} headingId="not-my-debt-heading" />
          </>
        )}
      </section>
    </div>
  );
}
