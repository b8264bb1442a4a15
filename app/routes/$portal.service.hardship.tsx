/**
 * Difficult times (issue 26, item 3; decisions 068, 069): a debtor who lost a job, is ill, lost
 * someone or separated sees what the file allows (pay later, smaller instalments, skipping one),
 * may ask for a breathing space (collection and reminders pause for 30 days while the agency
 * reviews it, once in 12 months), finds free debt advice for the variant's country and a person
 * (phone with the support hours, a callback). What the page shows is the capability's view
 * (server/hardship/view.ts), the same the API and the assistant present.
 *
 * A reference-only session sees all of it; the request itself asks for the password (the action
 * is full-login). One form, one schema (server/hardship/schema.ts), without JavaScript too.
 */
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { breathingSpaceSchema, statementMaxLength } from '#server/hardship/schema.ts';
import { hardshipReasons } from '#server/hardship/rules.ts';
import { hardshipViewForSession, type InstalmentRelief } from '#server/hardship/view.ts';
import { intlLocale } from '#server/i18n/negotiate.ts';
import { withBase } from '#server/variants/resolve.ts';
import { FormRadioGroup } from '~/components/ui/Choice';
import { ErrorSummary, type SummaryError } from '~/components/ui/ErrorSummary';
import { actionContext, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { fieldError } from '~/lib/form-errors';
import { readForm } from '~/lib/form.server';
import { formatDate, formatMoney, supportHoursLines } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { useStepFocus } from '~/lib/use-step-focus';
import { useSubmissionRounds } from '~/lib/use-submission';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import serviceStyles from '~/styles/service.css?url';
import { useZodForm } from '~/lib/use-zod-form';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { FormField, FormTextareaField } from '~/components/forms/FormField';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'hardship'] };
export const links = stylesheets(serviceStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'hardship');
  const session = await requireDebtor(request, variant, { level: 'limited', context });
  const read = await hardshipViewForSession(session);
  if (!read) throw redirect(withBase(variant, '/dashboard'));
  const { view } = read;
  const returnTo = withBase(variant, '/service/hardship');
  return {
    title: documentTitle(t('title'), variant.brand.name),
    view,
    signIn: `${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(returnTo)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'hardship');
  const session = await requireDebtor(request, variant, { level: 'limited' });
  const read = await hardshipViewForSession(session);
  if (!read) throw redirect(withBase(variant, '/dashboard'));
  const formData = await readForm(request);
  const schema = breathingSpaceSchema({ locale: intlLocale(language, variant), currency: read.currency });
  const submission = parseWithZod(formData, { error: fieldError, schema });
  if (submission.status !== 'success') return data({ result: submission.reply(), done: null, refused: null }, 400);

  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('requestBreathingSpace', ctx, Object.fromEntries(formData));
  if (result.ok) return data({ result: submission.reply({ resetForm: true }), done: result.value, refused: null });
  if (result.kind === 'stepUp') throw stepUpRedirect(variant, returnPathOf(request), result.signIn);
  if (result.kind === 'invalid') return data({ result: submission.reply(), done: null, refused: null }, 400);
  const date = typeof result.detail?.date === 'string' ? result.detail.date : null;
  const reason = ['alreadyPaused', 'usedThisYear', 'rateLimited'].includes(result.reason)
    ? result.reason
    : 'notPossible';
  return data(
    { result: submission.reply({ formErrors: [`errors.${reason}`] }), done: null, refused: { reason, date } },
    result.reason === 'rateLimited' ? 429 : 409,
  );
}

export default function Hardship() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['hardship', 'common']);
  const { variant, locale } = useRootData()!;
  const money = (minor: number) => formatMoney(minor, view.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const done = actionData?.done ?? null;
  // Asked: the heading takes focus and the confirmation is read from the top.
  const heading = useStepFocus<HTMLHeadingElement>(done ? done.pausedUntil : null);

  return (
    <div className="container page hardship">
      <h1 ref={heading}>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <p className="muted">{t('reference', { reference: view.reference })}</p>

      {done ? (
        <div className="panel panel--success" role="status" data-testid="breathing-space-done">
          <h2>{t('breathing.doneTitle')}</h2>
          <p>{t('breathing.doneText', { date: date(done.pausedUntil) })}</p>
          <p>{t('breathing.doneMail')}</p>
          {done.fits ? <Fits fits={done.fits} money={money} /> : null}
        </div>
      ) : null}

      <div className="grid grid-2 hardship-grid">
        <section className="card" aria-labelledby="breathing-heading">
          <h2 id="breathing-heading">{t('breathing.title')}</h2>
          <BreathingSpace />
        </section>

        <section className="card" aria-labelledby="relief-heading">
          <h2 id="relief-heading">{t('relief.title')}</h2>
          <Relief />
        </section>
      </div>

      <section className="panel service-phone" aria-labelledby="person-heading">
        <h2 id="person-heading">{t('person.title')}</h2>
        <p className="hardship-phone">
          <a href={`tel:${view.support.phoneHref}`}>{view.support.phone}</a>
        </p>
        <p>{t('person.text')}</p>
        <ul className="plain-list">
          {supportHoursLines(view.support.hours, locale).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{t('person.callbackText')}</p>
        <p>
          <Link className="button" to={href(variant, view.support.callbackPath)}>
            {t('person.callback')}
          </Link>{' '}
          <Link to={href(variant, '/service/contact')}>{t('person.write')}</Link>
        </p>
      </section>

      {view.advice.length > 0 ? (
        <section aria-labelledby="advice-heading" className="hardship-advice">
          <h2 id="advice-heading">{t('advice.title')}</h2>
          <p>{t('advice.text')}</p>
          <ul className="advice-list" data-testid="debt-advice">
            {view.advice.map((service) => (
              <li key={service.id} className="card">
                <h3>{service.name}</h3>
                <p className="muted">{t(`advice.${service.kind}`)}</p>
                <p>{t(`advice.services.${service.id}`)}</p>
                <p>
                  <a href={service.url} rel="noopener noreferrer" target="_blank">
                    {service.url.replace(/^https:\/\//, '')}
                  </a>
                  {service.phone ? (
                    <>
                      {' · '}
                      <a href={`tel:${service.phone.href}`}>{service.phone.display}</a>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p>
        <Link to={href(variant, '/dashboard')}>{t('back')}</Link>
      </p>
    </div>
  );
}

function Fits({ fits, money }: { fits: NonNullable<InstalmentRelief['fits']>; money: (minor: number) => string }) {
  const { view } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['hardship', 'common']);
  const { variant } = useRootData()!;
  const min = view.relief.instalment?.absoluteMinMinor;
  if (fits.kind === 'noRoom') return <p data-testid="fits">{t('relief.fitsNoRoom')}</p>;
  if (fits.kind === 'belowMinimum')
    return <p data-testid="fits">{t('relief.fitsBelowMinimum', { min: min !== undefined ? money(min) : '' })}</p>;
  return (
    <div data-testid="fits">
      <p>{t('relief.fitsOk', { amount: money(fits.amountMinor) })}</p>
      {fits.proofRequired && view.relief.instalment ? (
        <p>{t('relief.fitsProof', { min: money(view.relief.instalment.regularMinMinor) })}</p>
      ) : null}
      {fits.path ? (
        <ButtonLinkLine to={href(variant, fits.path)}>
          {t('relief.fitsAction', { amount: money(fits.amountMinor) })}
        </ButtonLinkLine>
      ) : null}
    </div>
  );
}

function Relief() {
  const { view } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['hardship', 'common']);
  const { variant, locale } = useRootData()!;
  const money = (minor: number) => formatMoney(minor, view.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const { deferral, instalment, skip } = view.relief;
  if (!deferral && !instalment && !skip) return <p>{t('relief.none')}</p>;
  return (
    <ul className="plain-list hardship-relief" data-testid="relief">
      {deferral ? (
        <li>
          {deferral.kind === 'granted' ? (
            <p>{t('relief.deferralGranted', { date: date(deferral.payBy) })}</p>
          ) : (
            <>
              <p>
                {t('relief.deferralOffered', { date: date(deferral.payBy) })}{' '}
                {deferral.feeMinor + deferral.vatMinor > 0
                  ? t('relief.deferralFee', { fee: money(deferral.feeMinor + deferral.vatMinor) })
                  : t('relief.deferralNoFee')}
              </p>
              <p>
                <Link to={href(variant, deferral.path)}>{t('relief.deferralAction')}</Link>
              </p>
            </>
          )}
        </li>
      ) : null}
      {instalment ? (
        <li>
          <p>
            {instalment.absoluteMinMinor < instalment.regularMinMinor
              ? t('relief.instalmentProof', {
                  min: money(instalment.regularMinMinor),
                  proofMin: money(instalment.absoluteMinMinor),
                })
              : t('relief.instalment', { min: money(instalment.regularMinMinor) })}
          </p>
          <p>
            <Link to={href(variant, instalment.path)}>{t('relief.instalmentAction')}</Link>
          </p>
        </li>
      ) : null}
      {skip ? (
        <li>
          <p>{t('relief.skip', { amount: money(skip.amountMinor), date: date(skip.dueOn) })}</p>
          <p>
            <Link to={href(variant, skip.path)}>{t('relief.skipAction')}</Link>
          </p>
        </li>
      ) : null}
    </ul>
  );
}

function BreathingSpace() {
  const { view, signIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation(['hardship', 'common']);
  const { locale } = useRootData()!;
  const date = (iso: string) => formatDate(iso, locale);
  const b = view.breathingSpace;
  if (b.state === 'running')
    return (
      <p data-testid="breathing-space-running" className="panel panel--info">
        {t('breathing.running', { date: date(b.pausedUntil) })}
      </p>
    );
  if (b.state === 'usedRecently')
    return <p>{t('breathing.usedRecently', { date: date(b.requestedOn), next: date(b.nextPossibleOn) })}</p>;
  if (b.state === 'notPossible') return <p>{t(`breathing.notPossible.${b.reason}`)}</p>;
  return (
    <>
      <p>{t('breathing.text', { days: view.pauseDays })}</p>
      {view.canRequest ? (
        <BreathingSpaceForm />
      ) : (
        <>
          <p>{t('breathing.signIn')}</p>
          <p>
            <a className="button" href={signIn}>
              {t('breathing.signInAction')}
            </a>
          </p>
        </>
      )}
    </>
  );
}

function BreathingSpaceForm() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['hardship', 'common']);
  const { locale } = useRootData()!;
  const rounds = useSubmissionRounds(actionData);
  const schema = breathingSpaceSchema({ locale, currency: view.currency });
  const [form, fields] = useZodForm({
    id: 'breathing-space',
    schema,
    lastResult: actionData?.result,
  });
  const err = (name: 'reason' | 'statement' | 'income' | 'expenses') => {
    const key = fields[name].errors?.[0];
    return key ? t(key) : undefined;
  };
  const refused = actionData?.refused ?? null;
  const formError = refused
    ? t(`errors.${refused.reason}`, { date: refused.date ? formatDate(refused.date, locale) : '' })
    : undefined;
  const summary: SummaryError[] = [
    ...(formError ? [{ fieldId: fields.reason.id, message: formError }] : []),
    ...(['reason', 'statement', 'income', 'expenses'] as const).flatMap((name) =>
      err(name) ? [{ fieldId: fields[name].id, message: err(name)! }] : [],
    ),
  ];
  return (
    <>
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
        <FormRadioGroup
          meta={fields.reason}
          legend={t('breathing.reasonLegend')}
          options={hardshipReasons.map((value) => ({ value, label: t(`breathing.reasons.${value}`) }))}
          error={err('reason')}
          required
        />
        <FormTextareaField
          meta={fields.statement}
          label={t('breathing.statement')}
          hint={t('breathing.statementHint')}
          rows={4}
          error={err('statement')}
          count={{ max: statementMaxLength, locale }}
        />
        <fieldset className="choice-list">
          <legend>{t('breathing.figuresLegend')}</legend>
          <p className="hint">{t('breathing.figuresHint')}</p>
          <FormField
            meta={fields.income}
            label={t('breathing.income')}
            inputMode="decimal"
            autoComplete="off"
            error={err('income')}
          />
          <FormField
            meta={fields.expenses}
            label={t('breathing.expenses')}
            hint={t('breathing.expensesHint')}
            inputMode="decimal"
            autoComplete="off"
            error={err('expenses')}
          />
        </fieldset>
        <SubmitButton>{t('breathing.submit')}</SubmitButton>
      </Form>
    </>
  );
}
