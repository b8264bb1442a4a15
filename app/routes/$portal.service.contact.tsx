import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { allSlots, callbackDays, timesOfDay, type TimeOfDay } from '#server/contact/callback-slots.ts';
import { callbackSchema, messageSchema, subjectIds } from '#server/contact/schema.ts';
import { actionContext, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { contactDefaultsForPage } from '#server/contact/defaults.ts';
import { withBase } from '#server/variants/resolve.ts';
import { CallbackForm } from '~/components/contact/CallbackForm';
import { MessageForm } from '~/components/contact/MessageForm';
import type { RefusedInfo, UploadInfo } from '~/components/uploads/UploadField';
import { requireDebtor } from '~/lib/auth.server';
import { findCallbackForPage } from '#server/contact/send.ts';
import { formatTime, weekdayName } from '~/lib/format';
import { tooManyRequests } from '~/lib/rate-limit.server';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { href } from '~/lib/variant';
import { useStepFocus } from '~/lib/use-step-focus';
import { useRootData } from '~/root';
import serviceStyles from '~/styles/service.css?url';
import { readLinkSlots } from '../../intents/links.ts';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Contact (spec 2.1, 2.4): the "send message" tab and the "callback" tab. `?action=callback`
 * opens the callback tab; `?subject=7` or `8` preselects the subject. Both forms work without
 * JavaScript; messages can carry attachments.
 */
export const handle = { i18n: ['common', 'contact', 'uploads'] };
export const links = stylesheets(serviceStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t: translate } = await pageContext(request, params, 'contact');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const contact = await contactDefaultsForPage(session.debtorId);
  const url = new URL(request.url);
  const subject = Number(url.searchParams.get('subject'));
  const sent = url.searchParams.get('sent');
  const booked =
    sent === 'callback'
      ? await findCallbackForPage({
          fileId: session.fileId,
          id: Number(url.searchParams.get('callback')),
        })
      : null;
  return {
    title: documentTitle(translate('title'), variant.brand.name),
    tab: url.searchParams.get('action') === 'callback' ? ('callback' as const) : ('message' as const),
    subjects: [...subjectIds],
    preselectedSubject: (subjectIds as readonly number[]).includes(subject) ? subject : null,
    days: callbackDays(variant.support.callbackHours),
    slots: allSlots(variant.support.callbackHours),
    contact,
    sent: sent === 'message' || sent === 'callback' ? sent : null,
    booked,
    // The assistant's deep link (intents.md): ?action=callback&day=monday&time=morning preselects both.
    prefill: callbackPrefill(url, callbackDays(variant.support.callbackHours)),
  };
}

const weekdayNumbers: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

function callbackPrefill(url: URL, days: number[]): { weekday: number | null; timeOfDay: TimeOfDay | null } {
  // The assistant's deep link (intents.md): /service/contact?action=callback&day=monday&time=morning.
  const { day, time } = readLinkSlots('callback', url.searchParams);
  const weekday = day ? weekdayNumbers[day]! : null;
  return {
    weekday: weekday !== null && days.includes(weekday) ? weekday : null,
    timeOfDay: time && (timesOfDay as readonly string[]).includes(time) ? (time as TimeOfDay) : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

type Reply = {
  form: 'message' | 'callback';
  result: SubmissionResult<string[]>;
  kept: UploadInfo[];
  refused: RefusedInfo[];
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'contact');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const { formData, outcome, kept } = await readFormWithUploads(request, {
    fileId: session.fileId,
    context: 'message',
  });
  const keptInfo = kept.map(({ id, name, sizeBytes }) => ({ id, name, sizeBytes }));
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const base = withBase(variant, '/service/contact');

  if (formData.get('intent') === 'callback') {
    const submission = parseWithZod(formData, {
      error: fieldError,
      schema: callbackSchema(variant.support.callbackHours),
    });
    if (submission.status !== 'success')
      return data<Reply>(
        { form: 'callback', result: submission.reply(), kept: keptInfo, refused: [] },
        { status: 400 },
      );
    const result = await runAction('requestCallback', ctx, submission.value);
    if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
    if (!result.ok && result.kind === 'refused' && result.reason === 'rateLimited')
      return tooManyRequests<Reply>(
        { form: 'callback', result: submission.reply(), kept: keptInfo, refused: [] },
        { retryAfterSeconds: result.retryAfterSeconds ?? 60 },
      );
    if (!result.ok)
      return data<Reply>(
        { form: 'callback', result: submission.reply({ formErrors: ['errors.generic'] }), kept: keptInfo, refused: [] },
        { status: 400 },
      );
    // The confirmation restates the slot booked (read back by its id, for this file only).
    const id = result.value.id;
    return redirect(`${base}?action=callback&sent=callback&callback=${id}`);
  }

  // Only this file's pending attachments count.
  formData.delete('uploadId');
  for (const upload of kept) formData.append('uploadId', String(upload.id));
  const submission = parseWithZod(formData, { error: fieldError, schema: messageSchema });
  if (submission.status !== 'success' || outcome.refused.length > 0) {
    return data<Reply>(
      { form: 'message', result: submission.reply(), kept: keptInfo, refused: outcome.refused },
      { status: 400 },
    );
  }
  const result = await runAction('sendMessage', ctx, submission.value);
  if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  if (!result.ok && result.kind === 'refused' && result.reason === 'rateLimited')
    return tooManyRequests<Reply>(
      { form: 'message', result: submission.reply(), kept: keptInfo, refused: [] },
      { retryAfterSeconds: result.retryAfterSeconds ?? 60 },
    );
  if (!result.ok) {
    const attachment = result.kind === 'refused' && ['notYours', 'totalTooLarge', 'tooMany'].includes(result.reason);
    const key = attachment && result.kind === 'refused' ? `errors.${result.reason}` : 'errors.generic';
    return data<Reply>(
      { form: 'message', result: submission.reply({ fieldErrors: { uploadId: [key] } }), kept: keptInfo, refused: [] },
      { status: 400 },
    );
  }
  return redirect(`${base}?sent=message`);
}

export default function Contact() {
  const { tab, sent, booked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['contact', 'common']);
  const { variant, locale } = useRootData()!;
  const current = actionData?.form ?? tab;
  const base = href(variant, '/service/contact');
  const location = useLocation();
  // Sent: the page comes back with its confirmation under the heading, which takes focus.
  const heading = useStepFocus<HTMLHeadingElement>(sent ? location.key : null);
  return (
    <div className="container page">
      <h1 ref={heading}>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <p className="hardship-link">
        <Link to={href(variant, '/service/hardship')}>{t('hardshipLink')}</Link>
      </p>
      <nav aria-label={t('tabs.label')}>
        <ul className="tabs">
          <li>
            <Link to={base} aria-current={current === 'message' ? 'page' : undefined}>
              {t('tabs.message')}
            </Link>
          </li>
          <li>
            <Link to={`${base}?action=callback`} aria-current={current === 'callback' ? 'page' : undefined}>
              {t('tabs.callback')}
            </Link>
          </li>
        </ul>
      </nav>
      {sent ? (
        <div className="panel panel--success" role="status">
          <p>
            <strong>{t(`sent.${sent}.title`)}</strong>
          </p>
          {sent === 'callback' && booked ? (
            <p data-testid="callback-booked">
              {t('sent.callback.when', {
                day: weekdayName(booked.weekday, locale),
                time: formatTime(booked.hour, locale),
                phone: booked.phone,
              })}
            </p>
          ) : (
            <p>{t(`sent.${sent}.text`)}</p>
          )}
        </div>
      ) : null}
      {/* After a send the page comes back (redirect to ?sent=…) as a new location: its key gives a
          fresh, empty form, as the page without JavaScript does. A refused send keeps the location. */}
      {current === 'message' ? (
        <MessageForm key={sent ? `message-${location.key}` : 'message'} />
      ) : (
        <CallbackForm key={sent ? `callback-${location.key}` : 'callback'} />
      )}
    </div>
  );
}
