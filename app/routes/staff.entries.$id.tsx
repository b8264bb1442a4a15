import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CATALOGUE, INTENT_IDS, isIntentId, type IntentId, type SlotName } from '../../intents/catalogue.ts';
import { auditForPage } from '#server/audit/log.ts';
import { correctEntryForPage, getEntryForPage } from '#server/staff/review.ts';
import { formatConfidence, formatTime } from '~/components/staff/format';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Field } from '~/components/ui/Field';
import { readForm } from '~/lib/form.server';
import { requireStaff, staffText, staffLocale } from '~/lib/staff.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { useZodForm } from '~/lib/use-zod-form';
import { FormSelectField } from '~/components/forms/FormField';

const slotNames: readonly SlotName[] = [
  'amount',
  'rate',
  'firstDate',
  'date',
  'method',
  'day',
  'time',
  'dateGoodsReturn',
  'rating',
];

/** The correction: the right intent, and the slots of that intent as the debtor gave them. */
export const correctionFormSchema = z.object({
  intent: z.enum(INTENT_IDS as [IntentId, ...IntentId[]], { error: 'entry.errors.intent' }),
  ...Object.fromEntries(slotNames.map((slot) => [slot, z.string().max(20).optional()])),
});

function entryId(params: LoaderFunctionArgs['params']): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const id = entryId(params);
  const entry = await getEntryForPage(id);
  if (!entry) throw new Response('Not Found', { status: 404 });
  const { t, language } = await staffText(request);
  await auditForPage({
    actor: 'staff',
    action: 'staff.entry.viewed',
    clientAddress: context.clientAddress,
    detail: { staffId: staff.staffId, entryId: id },
  });
  return {
    title: t('meta.title', { page: t('entry.title', { id }) }),
    locale: staffLocale(language),
    saved: new URL(request.url).searchParams.has('saved'),
    entry,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const id = entryId(params);
  const form = await readForm(request);
  const submission = parseWithZod(form, { error: fieldError, schema: correctionFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { intent, ...slots } = submission.value;
  const result = await correctEntryForPage(staff.staffId, id, intent, slots);
  if (!result.ok) {
    if (result.error === 'notFound') throw new Response('Not Found', { status: 404 });
    return data({ result: submission.reply({ fieldErrors: { intent: ['entry.errors.intent'] } }) }, { status: 400 });
  }
  return redirect(`/staff/entries/${id}?saved=1`);
}

export default function StaffEntry() {
  const { entry, locale, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('staff');
  const rounds = useSubmissionRounds(actionData);
  const current = (entry.correctedIntent ?? entry.intent) as IntentId;
  const currentSlots = entry.correctedSlots ?? entry.slots ?? {};
  const [form, fields] = useZodForm({
    id: `correction-${entry.id}`,
    schema: correctionFormSchema,
    lastResult: actionData?.result,
    defaultValue: { intent: current, ...currentSlots },
    shouldRevalidate: 'onSubmit',
  });
  const slotsOfIntent = isIntentId(current) ? CATALOGUE[current].slots : [];
  const message = (keys: string[] | null | undefined) => (keys?.[0] ? t(keys[0]) : undefined);
  const summary = fields.intent.errors?.length
    ? [{ fieldId: fields.intent.id, message: message(fields.intent.errors)! }]
    : [];
  const facts: Array<[string, string]> = [
    [t('entry.at'), formatTime(entry.at, locale)],
    [t('entry.variant'), entry.variant],
    [t('entry.language'), entry.language],
    [t('entry.intent'), entry.intent],
    [t('entry.confidence'), formatConfidence(entry.confidence, locale)],
    [t('entry.clarified'), entry.clarified ? t('log.yes') : t('log.no')],
    [t('entry.engine'), t(`engines.${entry.engine}`)],
    [t('entry.action'), entry.actionOffered ?? '–'],
    [t('entry.outcome'), entry.outcome ? t(`outcomes.${entry.outcome}`, { defaultValue: entry.outcome }) : '–'],
    [t('entry.refusal'), entry.refusalReason ?? '–'],
    [t('entry.latency'), entry.latencyMs === null ? '–' : t('entry.ms', { ms: entry.latencyMs })],
    [
      t('entry.slots'),
      entry.slots && Object.keys(entry.slots).length > 0
        ? Object.entries(entry.slots)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')
        : '–',
    ],
  ];
  return (
    <div className="staff-page">
      <p>
        <Link to="/staff">{t('entry.back')}</Link>
      </p>
      <h1>{t('entry.title', { id: entry.id })}</h1>
      {saved ? (
        <p className="panel panel--success" role="status">
          {t('entry.saved')}
        </p>
      ) : null}
      <div className="staff-entry">
        <section aria-labelledby="entry-text">
          <h2 id="entry-text">{t('entry.text')}</h2>
          <blockquote className="staff-quote" lang={entry.language}>
            {entry.text}
          </blockquote>
          {entry.flagged ? <p className="staff-flag">{`${t('log.flagged')}: ${t('log.flaggedNote')}`}</p> : null}
          <h2>{t('entry.facts')}</h2>
          <dl className="staff-facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="correction-title" className="card">
          <h2 id="correction-title">{t('entry.correction')}</h2>
          {entry.correctedIntent ? (
            <p>
              {t('entry.current', {
                intent: entry.correctedIntent,
                date: entry.correctedAt ? formatTime(entry.correctedAt, locale) : '',
              })}
            </p>
          ) : null}
          <ErrorSummary errors={summary} round={rounds.round} />
          <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
            <FormSelectField
              meta={fields.intent}
              label={t('entry.correctedIntent')}
              error={message(fields.intent.errors)}
              required
            >
              {INTENT_IDS.map((id) => (
                <option key={id} value={id}>
                  {id} – {CATALOGUE[id].means}
                </option>
              ))}
            </FormSelectField>
            {slotsOfIntent.length > 0 ? (
              <fieldset className="staff-slots">
                <legend>{t('entry.slotsLegend')}</legend>
                <p className="hint">{t('entry.slotsHint')}</p>
                {slotsOfIntent.map((slot) => (
                  <Field
                    {...getInputProps(fields[slot as keyof typeof fields] as never, { type: 'text' })}
                    key={slot}
                    label={t(`slots.${slot}`)}
                  />
                ))}
              </fieldset>
            ) : null}
            <SubmitButton>{t('entry.submit')}</SubmitButton>
          </Form>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
