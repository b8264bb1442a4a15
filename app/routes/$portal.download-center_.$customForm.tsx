import { getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { constraintOf } from '~/lib/zod-constraint';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  disputeOfForm,
  downloadFormSchema,
  formFields,
  isFormKind,
  type DownloadFormValues,
  type FormKind,
} from '#server/documents/form-schemas.ts';
import { findFormDocumentForPage, loadDownloadCenterForPage } from '#server/documents/forms.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { DisputeForm, DisputeState, type DisputeActionData } from '~/components/documents/DisputeForm';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { actionContext, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { handleDispute, notADispute } from '~/lib/documents.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { formatDate } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import documentsStyles from '~/styles/documents.css?url';
import { readLinkSlots } from '../../intents/links.ts';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * One printable form of the download center (spec 2.1 /download-center/{customForm}): the short
 * form prefilled from the profile, then a real PDF to sign and return within 7 days. Beside it,
 * for the three disputes, "send online instead" with evidence. Full login only; the file is
 * always the session's.
 */
export const handle = { i18n: ['common', 'documents', 'uploads'] };
export const links = stylesheets(documentsStyles);

function formOf(params: LoaderFunctionArgs['params']): FormKind {
  if (!isFormKind(params.customForm)) throw new Response('Not Found', { status: 404 });
  return params.customForm;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'documents');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const form = formOf(params);
  const view = await loadDownloadCenterForPage(session.fileId);
  if (!view) throw redirect(withBase(variant, '/signin?action=AZonly'));
  if (view.variant !== variant.id)
    throw redirect(withBase(variants[view.variant as VariantId] ?? variant, `/download-center/${form}`));
  const url = new URL(request.url);
  const createdId = Number(url.searchParams.get('created'));
  const created = createdId ? await findFormDocumentForPage(session.fileId, form, createdId) : null;
  // The assistant's deep link (intents.md): /download-center/goods-return?dateGoodsReturn=2026-11-02
  // fills the return date; the form's own schema still checks it (not in the future, not too old).
  const returned = readLinkSlots('goods_returned', url.searchParams).dateGoodsReturn;
  const prefill = form === 'goods-return' && returned ? { ...view.prefill, dateGoodsReturn: returned } : view.prefill;
  return {
    title: documentTitle(t(`forms.${form}.title`), variant.brand.name),
    form,
    prefill,
    reference: view.reference,
    agency: view.agency,
    dispute: view.dispute,
    finished: view.finished,
    justSent: url.searchParams.get('sent') === '1',
    ready: created ? { orderId: createdId, returnBy: created.returnBy } : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'documents');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const form = formOf(params);
  const path = withBase(variant, `/download-center/${form}`);
  const read = await readFormWithUploads(request, { fileId: session.fileId, context: 'dispute' });
  const formData = read.formData;

  if (formData.get('intent') === 'dispute') {
    const reason = disputeOfForm[form];
    if (!reason) return notADispute();
    return handleDispute(read, {
      session,
      variant,
      reason,
      language,
      clientAddress: context.clientAddress,
      successPath: `${path}?sent=1#dispute`,
    });
  }

  const schema = downloadFormSchema(form);
  const submission = parseWithZod(formData, { error: fieldError, schema });
  if (submission.status !== 'success')
    return data({ intent: 'create' as const, result: submission.reply() }, { status: 400 });
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const created = await runAction('createForm', ctx, { form, ...submission.value });
  if (!created.ok && created.kind === 'stepUp') throw stepUpRedirect(variant, path, created.signIn);
  if (!created.ok)
    return data(
      { intent: 'create' as const, result: submission.reply({ formErrors: ['errors.failed'] }) },
      { status: 400 },
    );
  // Post/redirect/get: a reload does not create the form twice.
  return redirect(`${path}?created=${created.value.orderId}#ready`);
}

const inputSetup: Record<
  keyof DownloadFormValues,
  { type: 'text' | 'date' | 'email'; autoComplete?: string; hint?: string; short?: boolean }
> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  born: { type: 'date', autoComplete: 'bday', hint: 'hints.date' },
  street: { type: 'text', autoComplete: 'address-line1' },
  streetNumber: { type: 'text', hint: 'hints.streetNumber', short: true },
  zip: { type: 'text', autoComplete: 'postal-code', hint: 'hints.zip', short: true },
  city: { type: 'text', autoComplete: 'address-level2' },
  email: { type: 'email', autoComplete: 'email' },
  dateGoodsReturn: { type: 'date', hint: 'hints.date' },
  attorneyFullName: { type: 'text', autoComplete: 'off', hint: 'hints.attorneyFullName' },
  attorneyStreet: { type: 'text', autoComplete: 'off' },
  attorneyStreetNumber: { type: 'text', autoComplete: 'off', hint: 'hints.streetNumber', short: true },
  attorneyZip: { type: 'text', autoComplete: 'off', hint: 'hints.zip', short: true },
  attorneyCity: { type: 'text', autoComplete: 'off' },
  attorneyEmail: { type: 'email', autoComplete: 'off' },
};

export default function DownloadFormPage() {
  const { form: kind, prefill, agency, dispute, finished, justSent, ready } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['documents', 'common']);
  const schema = useMemo(() => downloadFormSchema(kind), [kind]);
  const createData = actionData?.intent === 'create' ? actionData : undefined;
  const disputeData = actionData?.intent === 'dispute' ? (actionData as DisputeActionData) : undefined;
  const rounds = useSubmissionRounds(createData);
  const [form, fields] = useForm<DownloadFormValues>({
    id: `create-${kind}`,
    lastResult: createData?.result,
    defaultValue: prefill,
    constraint: constraintOf(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { error: fieldError, schema }) as never,
  });
  const names = formFields[kind];
  const errorOf = (name: keyof DownloadFormValues) => {
    const key = fields[name].errors?.[0];
    return key ? t(key) : undefined;
  };
  const summary = names.flatMap((name) => {
    const message = errorOf(name);
    return message ? [{ fieldId: fields[name].id, message }] : [];
  });
  const required = (name: keyof DownloadFormValues) => Boolean(constraintOf(schema)[name]?.required);
  const reason = disputeOfForm[kind];
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const pdfHref = ready ? href(variant, `/download-center/${kind}/pdf/${ready.orderId}`) : null;

  const renderField = (name: keyof DownloadFormValues) => {
    const setup = inputSetup[name];
    const meta = fields[name] as FieldMetadata<string>;
    return (
      <Field
        {...getInputProps(meta, { type: setup.type })}
        key={meta.key}
        label={t(`fields.${name}`)}
        hint={setup.hint ? t(setup.hint) : undefined}
        error={errorOf(name)}
        autoComplete={setup.autoComplete}
        className={setup.short ? 'input--short' : undefined}
        required={required(name)}
      />
    );
  };
  const rows = (list: ReadonlyArray<keyof DownloadFormValues>) => {
    const out: JSX.Element[] = [];
    for (let i = 0; i < list.length; i++) {
      const name = list[i]!;
      const next = list[i + 1];
      // Street with number, zip with city: side by side where there is room.
      if ((name.endsWith('treet') && next?.endsWith('treetNumber')) || (name.endsWith('ip') && next?.endsWith('ity'))) {
        out.push(
          <div
            className={`field-pair${name.endsWith('ip') ? ' field-pair--zip' : ''}${errorOf(name) || errorOf(next!) ? ' field-pair--stacked' : ''}`}
            key={name}
          >
            {renderField(name)}
            {renderField(next!)}
          </div>,
        );
        i++;
      } else out.push(<div key={name}>{renderField(name)}</div>);
    }
    return out;
  };

  return (
    <div className="container page documents">
      <p className="back-link">
        <Link to={href(variant, '/download-center')}>{t('overview.title')}</Link>
      </p>
      <h1>{t(`forms.${kind}.title`)}</h1>
      <p className="lead">{t(`forms.${kind}.intro`)}</p>

      {ready && pdfHref ? (
        <section id="ready" className="panel panel--success ready" aria-labelledby="ready-heading" tabIndex={-1}>
          <h2 id="ready-heading">{t('create.readyTitle')}</h2>
          <p>{t('create.readyText', { date: ready.returnBy ? formatDate(ready.returnBy, locale) : '' })}</p>
          <address>
            {agency.name}
            <br />
            {agency.street}
            <br />
            {agency.postalCode} {agency.city}
          </address>
          <p>
            <a className="button" href={pdfHref} download>
              {t('create.download')}
            </a>
          </p>
        </section>
      ) : null}

      <div className={reason ? 'grid grid-2 documents-grid' : 'documents-grid'}>
        <section className="card" aria-labelledby="create-heading">
          <h2 id="create-heading">{t(ready ? 'create.again' : 'create.title')}</h2>
          <p>{t('create.lead')}</p>
          <ErrorSummary errors={summary} round={rounds.round} />
          {form.errors?.[0] ? (
            <div className="panel panel--warning" role="alert">
              <p>{t(form.errors[0])}</p>
            </div>
          ) : null}
          <Form
            method="post"
            {...getFormProps(form)}
            onSubmitCapture={rounds.onSubmitCapture}
            aria-labelledby="create-heading"
          >
            <input type="hidden" name="intent" value="create" />
            {kind === 'mandate' ? (
              <>
                <fieldset className="fieldset">
                  <legend>{t('sections.authorizer')}</legend>
                  {rows(names.filter((n) => !n.startsWith('attorney')))}
                </fieldset>
                <fieldset className="fieldset">
                  <legend>{t('sections.attorney')}</legend>
                  {rows(names.filter((n) => n.startsWith('attorney')))}
                </fieldset>
              </>
            ) : (
              rows(names)
            )}
            <p className="muted">
              {t('create.note', {
                agency: agency.name,
                address: `${agency.street}, ${agency.postalCode} ${agency.city}`,
              })}
            </p>
            <button type="submit" className="button" disabled={submitting}>
              {t('create.submit')}
            </button>
          </Form>
        </section>

        {reason ? (
          <section id="dispute" className="card" aria-labelledby="dispute-heading" tabIndex={-1}>
            <h2 id="dispute-heading">{t('dispute.title')}</h2>
            {dispute ? (
              <DisputeState
                disputedAt={dispute.disputedAt}
                reason={dispute.reason}
                justSent={justSent}
                locale={locale}
              />
            ) : finished ? (
              <p className="panel panel--warning">{t('dispute.finished')}</p>
            ) : (
              <>
                <p>{t('dispute.lead')}</p>
                <DisputeForm reason={reason} actionData={disputeData} headingId="dispute-heading" />
              </>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
