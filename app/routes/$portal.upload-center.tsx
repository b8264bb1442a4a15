import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { loadUploadCenterForPage, type UploadProblem } from '#server/documents/upload-center.ts';
import { withBase } from '#server/variants/resolve.ts';
import { UploadField, type RefusedInfo, type UploadInfo } from '~/components/uploads/UploadField';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Stepper } from '~/components/ui/Stepper';
import type { ActionFailure } from '#server/actions/define.ts';
import { actionContext, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import serviceStyles from '~/styles/service.css?url';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The upload center (spec 2.5): document type → upload → confirmation. The list shows the
 * requested documents by category position; each can be uploaded now or postponed.
 */
export const handle = { i18n: ['common', 'uploads'] };
export const links = stylesheets(serviceStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'uploads');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const view = await loadUploadCenterForPage(session.fileId);
  const url = new URL(request.url);
  const selected = view.documents.find((d) => d.id === Number(url.searchParams.get('document'))) ?? null;
  const done =
    view.documents.find((d) => d.id === Number(url.searchParams.get('done')) && d.status === 'Uploaded') ?? null;
  const postponed =
    view.documents.find((d) => d.id === Number(url.searchParams.get('postponed')) && d.status === 'UploadLater') ??
    null;
  return {
    title: documentTitle(t('center.title'), variant.brand.name),
    view,
    selectedId: selected && selected.status !== 'Uploaded' ? selected.id : null,
    doneId: done?.id ?? null,
    postponedId: postponed?.id ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'uploads');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const { formData, outcome, kept } = await readFormWithUploads(request, {
    fileId: session.fileId,
    context: 'documentRequest',
  });
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const requestId = formData.get('requestId');
  const base = withBase(variant, '/upload-center');
  const keptInfo: UploadInfo[] = kept.map(({ id, name, sizeBytes }) => ({ id, name, sizeBytes }));
  // An id that is not a number names no document of this file.
  const problemOf = (result: ActionFailure): UploadProblem | 'refused' | 'storageFull' =>
    result.kind === 'refused' ? (result.reason as UploadProblem) : 'unknownDocument';
  if (formData.get('intent') === 'later') {
    const result = await runAction('postponeDocument', ctx, { requestId });
    if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, base, result.signIn);
    if (!result.ok)
      return data({ problem: problemOf(result), kept: keptInfo, refused: [] as RefusedInfo[] }, { status: 400 });
    return redirect(`${base}?postponed=${encodeURIComponent(String(requestId))}`);
  }
  if (outcome.refused.length > 0) {
    // A full storage is said as such at the top too: the debtor did nothing wrong.
    const problem = outcome.refused.some((r) => r.problem === 'storageFull') ? 'storageFull' : 'refused';
    return data({ problem, kept: keptInfo, refused: outcome.refused as RefusedInfo[] }, { status: 400 });
  }
  const result = await runAction('uploadDocument', ctx, { requestId, uploadId: kept.map((k) => k.id) });
  if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, base, result.signIn);
  if (!result.ok)
    return data({ problem: problemOf(result), kept: keptInfo, refused: [] as RefusedInfo[] }, { status: 400 });
  return redirect(`${base}?done=${encodeURIComponent(String(requestId))}`);
}

const statusBadge = {
  requested: 'badge badge--warning',
  UploadLater: 'badge badge--info',
  Uploaded: 'badge badge--success',
} as const;

export default function UploadCenter() {
  const { view, selectedId, doneId, postponedId } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['uploads', 'common']);
  const { variant } = useRootData()!;
  const steps = [t('center.steps.type'), t('center.steps.upload'), t('center.steps.confirmation')];
  const selected = view.documents.find((d) => d.id === selectedId);
  const done = view.documents.find((d) => d.id === doneId);

  if (selected) return <UploadStep document={selected} steps={steps} />;

  return (
    <div className="container page">
      <h1>{done ? t('center.done.title') : t('center.title')}</h1>
      <Stepper steps={steps} current={done ? 2 : 0} />
      {done ? (
        <div className="panel panel--success" role="status">
          <p>
            {t('center.done.text', {
              document: t(`center.templates.${done.templateId}.title`, { defaultValue: done.category }),
            })}
          </p>
          <p>{view.outstanding > 0 ? t('center.done.more', { count: view.outstanding }) : t('center.done.all')}</p>
        </div>
      ) : (
        <p className="lead">{view.documents.length > 0 ? t('center.lead') : t('center.none')}</p>
      )}
      {postponedId ? (
        <p className="panel" role="status">
          {t('center.postponed')}
        </p>
      ) : null}
      {view.documents.length > 0 ? (
        <ul className="document-list">
          {view.documents.map((document) => (
            <li key={document.id} className="card">
              <div>
                <h2>{t(`center.templates.${document.templateId}.title`, { defaultValue: document.category })}</h2>
                <p className="muted">{t(`center.templates.${document.templateId}.hint`, { defaultValue: '' })}</p>
                <p>
                  <span className={statusBadge[document.status]}>{t(`center.status.${document.status}`)}</span>
                  {document.uploads.length > 0 ? (
                    <span className="muted"> {document.uploads.map((u) => u.name).join(', ')}</span>
                  ) : null}
                </p>
              </div>
              {document.status !== 'Uploaded' ? (
                <div className="button-row">
                  <Link className="button" to={`${href(variant, '/upload-center')}?document=${document.id}`}>
                    {t('center.upload')}
                    <span className="visually-hidden">
                      {' '}
                      – {t(`center.templates.${document.templateId}.title`, { defaultValue: document.category })}
                    </span>
                  </Link>
                  {document.status === 'requested' ? (
                    <Form method="post">
                      <input type="hidden" name="requestId" value={document.id} />
                      <button type="submit" name="intent" value="later" className="button button--secondary">
                        {t('center.later')}
                        <span className="visually-hidden">
                          {' '}
                          – {t(`center.templates.${document.templateId}.title`, { defaultValue: document.category })}
                        </span>
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={href(variant, '/dashboard')}>{t('center.backToDashboard')}</Link>
      </p>
    </div>
  );
}

function UploadStep({
  document,
  steps,
}: {
  document: { id: number; templateId: string; category: string };
  steps: string[];
}) {
  const { t } = useTranslation(['uploads', 'common']);
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const rounds = useSubmissionRounds(actionData);
  const title = t(`center.templates.${document.templateId}.title`, { defaultValue: document.category });
  const error = actionData?.problem ? t(`center.errors.${actionData.problem}`) : undefined;
  const inputId = 'upload-center-files';
  return (
    <div className="container page">
      <h1>{t('center.uploadTitle', { document: title })}</h1>
      <Stepper steps={steps} current={1} />
      <p className="lead">{t(`center.templates.${document.templateId}.hint`, { defaultValue: '' })}</p>
      <ErrorSummary errors={error ? [{ fieldId: inputId, message: error }] : []} round={rounds.round} />
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmitCapture={rounds.onSubmitCapture}
        className="card form-wide"
      >
        <input type="hidden" name="requestId" value={document.id} />
        <UploadField
          id={inputId}
          context="documentRequest"
          endpoint={href(variant, '/uploads')}
          kept={actionData?.kept ?? []}
          refused={actionData?.refused ?? []}
          label={t('center.filesLabel')}
          hint={t('hint')}
          error={error}
          locale={locale}
        />
        <div className="button-row">
          <SubmitButton name="intent" value="upload">
            {t('center.send')}
          </SubmitButton>
          <Link className="button button--secondary" to={href(variant, '/upload-center')}>
            {t('center.back')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
