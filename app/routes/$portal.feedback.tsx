import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { findSession } from '#server/auth/session.ts';
import { feedbackLandingForPage } from '#server/feedback/feedback.ts';
import { callbackReasons, feedbackSchema, starValues } from '#server/feedback/schema.ts';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { RateLimitMessage, useRateLimitError } from '~/components/ui/RateLimitMessage';
import { FormRadioGroup } from '~/components/ui/Choice';
import { Field, Honeypot, SelectField } from '~/components/ui/Field';
import { tooManyRequests } from '~/lib/rate-limit.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useStepFocus } from '~/lib/use-step-focus';
import { readForm } from '~/lib/form.server';
import { actionContext, runAction } from '~/lib/actions.server';
import { useZodForm } from '~/lib/use-zod-form';
import { privatePageMeta } from '~/lib/meta';
import { FormTextareaField } from '~/components/forms/FormField';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * /feedback (open): a star rating with free text; after a call (signed survey link `?t=`) also
 * the telephone survey. One feedback per file; the debtor may ask not to be surveyed again.
 */
export const handle = { i18n: ['common', 'feedback'] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'feedback');
  const token = new URL(request.url).searchParams.get('t');
  const session = await findSession(request);
  const landing = await feedbackLandingForPage({ token, sessionFileId: session?.fileId ?? null });
  return {
    title: documentTitle(t('title'), variant.brand.name),
    token: landing.survey ? token : null,
    ...landing,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'feedback');
  const formData = await readForm(request);
  const token = formData.get('t');
  const survey = typeof token === 'string' && token !== '' ? token : undefined;
  // The survey link's token or the session names the file; the action decides which (server/actions/feedback.ts).
  const session = await findSession(request);
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });

  if (formData.get('intent') === 'optOut') {
    const result = await runAction('optOutOfSurveys', ctx, { t: survey });
    if (!result.ok) return data({ result: null, done: null, error: 'noFile' as const }, { status: 400 });
    return { result: null, done: 'optedOut' as const, error: null };
  }

  const submission = parseWithZod(formData, { error: fieldError, schema: feedbackSchema });
  // A bot filled the hidden field: answer like a success, store nothing.
  if (formData.get('website'))
    return { result: submission.reply({ resetForm: true }), done: 'thanks' as const, error: null };
  if (submission.status !== 'success')
    return data({ result: submission.reply(), done: null, error: null }, { status: 400 });
  const saved = await runAction('giveFeedback', ctx, { ...submission.value, t: survey }).catch(() => null);
  // Whatever went wrong, the debtor keeps what they wrote and may send it again later.
  if (!saved || (!saved.ok && saved.kind !== 'refused'))
    return data({ result: submission.reply(), done: null, error: 'failed' as const }, { status: 503 });
  if (!saved.ok && saved.reason === 'rateLimited')
    return tooManyRequests(
      { result: submission.reply(), done: null, error: null },
      { retryAfterSeconds: saved.retryAfterSeconds ?? 60 },
    );
  if (!saved.ok)
    return data(
      {
        result: submission.reply(),
        done: null,
        error: saved.reason === 'optedOut' ? ('optedOut' as const) : ('alreadyExists' as const),
      },
      { status: 409 },
    );
  return { result: submission.reply({ resetForm: true }), done: 'thanks' as const, error: null };
}

export default function Feedback() {
  const { token, survey, linkInvalid, hasFile, state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(['feedback', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const [form, fields] = useZodForm({
    id: 'feedback',
    schema: feedbackSchema,
    lastResult: actionData?.result ?? undefined,
  });
  const error = (field: { errors?: string[] }) => (field.errors?.[0] ? t(field.errors[0]) : undefined);
  const limited = useRateLimitError(actionData, form.id);
  const summary = [
    { field: fields.stars, id: fields.stars.id },
    { field: fields.freeText, id: fields.freeText.id },
    { field: fields.callbackPhone, id: fields.callbackPhone.id },
    { field: fields.callbackReason, id: fields.callbackReason.id },
  ]
    .map(({ field, id }) => ({ fieldId: id, message: error(field) }))
    .filter((e): e is { fieldId: string; message: string } => Boolean(e.message))
    .concat(limited ? [limited] : []);
  const busy = navigation.state === 'submitting';

  const done =
    actionData?.done ?? (state.kind === 'alreadyGiven' ? 'already' : state.kind === 'optedOut' ? 'optedOut' : null);
  const failure =
    actionData?.error === 'alreadyExists' ? 'already' : actionData?.error === 'optedOut' ? 'optedOut' : null;
  // Sent (or refused as given already): the heading takes focus, the answer is shown from the top.
  const heading = useStepFocus<HTMLHeadingElement>(done ?? failure);

  const scale = (prefix: string) =>
    starValues.map((value) => ({ value: String(value), label: t(`${prefix}.${value}`) }));
  const yesNo = [
    { value: 'yes', label: t('survey.yes') },
    { value: 'no', label: t('survey.no') },
  ];

  return (
    <div className="container page">
      <div className="form-card">
        <h1 ref={heading}>{t('title')}</h1>
        {linkInvalid ? (
          <p className="panel panel--warning" role="alert">
            {t('linkInvalid')}
          </p>
        ) : null}
        {done === 'thanks' ? (
          <div className="panel panel--success" role="status">
            <p>{t('thanks')}</p>
          </div>
        ) : done === 'already' || failure === 'already' ? (
          <div className="panel" role="status">
            <p>{t('alreadyExists')}</p>
          </div>
        ) : done === 'optedOut' || failure === 'optedOut' ? (
          <div className="panel" role="status">
            <p>{t('optedOut')}</p>
          </div>
        ) : (
          <>
            <p className="lead">{t(survey ? 'leadCall' : 'lead')}</p>
            {actionData?.error === 'failed' ? (
              <p className="panel panel--warning" role="alert">
                {t('failed')}
              </p>
            ) : null}
            <ErrorSummary errors={summary} round={rounds.round} />
            <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture} className="card">
              <Honeypot />
              {token ? <input type="hidden" name="t" value={token} /> : null}
              <FormRadioGroup
                meta={fields.stars}
                legend={t('stars.legend')}
                options={starValues.map((value) => ({
                  value: String(value),
                  label: (
                    <>
                      <span className="star-rating" aria-hidden="true">
                        {'★'.repeat(value)}
                        <span className="star-rating__off">{'★'.repeat(5 - value)}</span>
                      </span>{' '}
                      {t(`stars.${value}`)}
                    </>
                  ),
                }))}
                error={error(fields.stars)}
                required
              />
              <FormTextareaField
                meta={fields.freeText}
                label={t('freeText.label')}
                hint={t('freeText.hint')}
                error={error(fields.freeText)}
                rows={4}
              />
              {survey ? (
                <fieldset className="survey">
                  <legend>{t('survey.title')}</legend>
                  <FormRadioGroup
                    meta={fields.questionAnswered}
                    legend={t('survey.questionAnswered')}
                    options={yesNo}
                    inline
                  />
                  <FormRadioGroup
                    meta={fields.friendliness}
                    legend={t('survey.friendliness')}
                    options={scale('scale')}
                  />
                  <FormRadioGroup
                    meta={fields.satisfaction}
                    legend={t('survey.satisfaction')}
                    options={scale('scale')}
                  />
                  <FormRadioGroup
                    meta={fields.solutionShown}
                    legend={t('survey.solutionShown')}
                    options={yesNo}
                    inline
                  />
                  <div className="checkbox field">
                    <input
                      type="checkbox"
                      id={fields.wantsCallback.id}
                      name={fields.wantsCallback.name}
                      value="yes"
                      defaultChecked={fields.wantsCallback.initialValue === 'yes'}
                    />
                    <label htmlFor={fields.wantsCallback.id}>{t('survey.wantsCallback')}</label>
                  </div>
                  {/* Shown while the box is ticked (CSS :has, no script needed); they count only then. */}
                  <div className="survey__callback">
                    <Field
                      id={fields.callbackPhone.id}
                      name={fields.callbackPhone.name}
                      defaultValue={fields.callbackPhone.initialValue as string | undefined}
                      key={fields.callbackPhone.key}
                      type="tel"
                      autoComplete="tel"
                      label={t('survey.phone')}
                      error={error(fields.callbackPhone)}
                    />
                    <SelectField
                      id={fields.callbackReason.id}
                      name={fields.callbackReason.name}
                      key={fields.callbackReason.key}
                      label={t('survey.reason')}
                      defaultValue={(fields.callbackReason.initialValue as string | undefined) ?? ''}
                      error={error(fields.callbackReason)}
                    >
                      <option value="">{t('survey.reasonChoose')}</option>
                      {callbackReasons.map((reason) => (
                        <option key={reason} value={reason}>
                          {t(`survey.reasons.${reason}`)}
                        </option>
                      ))}
                    </SelectField>
                  </div>
                </fieldset>
              ) : null}
              <RateLimitMessage error={limited} />
              <button type="submit" className="button button--block" disabled={busy}>
                {t('submit')}
              </button>
            </Form>
            {hasFile ? (
              <Form method="post" className="opt-out">
                {token ? <input type="hidden" name="t" value={token} /> : null}
                <p className="muted">{t('optOut.text')}</p>
                <button type="submit" name="intent" value="optOut" className="button button--quiet" disabled={busy}>
                  {t('optOut.button')}
                </button>
              </Form>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
