import { useActionData, useLoaderData } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slotsFor, timeOfDayOf, timesOfDay } from '#server/contact/callback-slots.ts';
import { callbackSchema } from '#server/contact/schema.ts';
import { CheckedForm } from '~/components/forms/CheckedForm';
import { RateLimitMessage, useRateLimitError } from '~/components/ui/RateLimitMessage';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { fieldMessages, firstError } from '~/lib/field-errors';
import { formatTime, weekdayName } from '~/lib/format';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.service.contact';
import { FormField, FormSelectField } from '~/components/forms/FormField';

/** The contact page's "callback" tab: phone, reason, and a day and time within the callback hours. */
export function CallbackForm() {
  const { days, slots, contact, prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['contact', 'common']);
  const { variant, locale } = useRootData()!;
  const reply = actionData?.form === 'callback' ? actionData : undefined;
  const rounds = useSubmissionRounds(reply?.result);
  const schema = useMemo(() => callbackSchema(variant.support.callbackHours), [variant.support.callbackHours]);
  const [form, fields] = useZodForm({
    id: 'contact-callback',
    schema,
    lastResult: reply?.result,
    defaultValue: {
      phone: contact.phone,
      ...(prefill.weekday ? { weekday: String(prefill.weekday) } : {}),
    },
  });
  // Day, then time: the times are grouped by time of day (asked once, not twice). With JavaScript
  // they follow the chosen day; without, all are listed and the server checks. A time of day the
  // assistant's link named ("Monday morning") comes first.
  const [weekday, setWeekday] = useState<number | null>(prefill.weekday);
  const daySlots = weekday ? slotsFor(variant.support.callbackHours, weekday) : slots;
  const order = prefill.timeOfDay
    ? [prefill.timeOfDay, ...timesOfDay.filter((tod) => tod !== prefill.timeOfDay)]
    : timesOfDay;
  const groups = order
    .map((tod) => ({ tod, hours: daySlots.filter((s) => timeOfDayOf(s) === tod) }))
    .filter((group) => group.hours.length > 0);
  const { message: err, summary: fieldSummary } = fieldMessages(fields, (key) => t(key));
  const formError = firstError(form.errors, t);
  const limited = useRateLimitError(reply, form.id);
  const summary = [
    ...(formError ? [{ fieldId: fields.phone.id, message: formError }] : []),
    ...fieldSummary(['phone', 'reason', 'weekday', 'hour']),
    // Only a link can name a time of day (the form has none): its error belongs to the time.
    ...(!err('hour') && err('timeOfDay') ? [{ fieldId: fields.hour.id, message: err('timeOfDay')! }] : []),
    ...(limited ? [limited] : []),
  ];
  return (
    <CheckedForm form={form} rounds={rounds} errors={summary}>
      <h2>{t('callback.title')}</h2>
      <p className="muted">{t('callback.lead')}</p>
      <FormField
        meta={fields.phone}
        type="tel"
        label={t('fields.phone')}
        autoComplete="tel"
        error={err('phone')}
        required
      />
      <FormField
        meta={fields.reason}
        label={t('callback.reason')}
        hint={t('callback.reasonHint')}
        error={err('reason')}
        required
      />
      <div className="inline-fields">
        <FormSelectField
          meta={fields.weekday}
          label={t('callback.weekday')}
          error={err('weekday')}
          required
          onChange={(e) => setWeekday(Number(e.target.value) || null)}
        >
          <option value="">{t('callback.choose')}</option>
          {days.map((day) => (
            <option key={day} value={day}>
              {weekdayName(day, locale)}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField
          meta={fields.hour}
          label={t('callback.hour')}
          hint={t('callback.hourHint')}
          error={err('hour') ?? err('timeOfDay')}
          required
        >
          <option value="">{t('callback.choose')}</option>
          {groups.map((group) => (
            <optgroup key={group.tod} label={t(`timeOfDay.${group.tod}`)}>
              {group.hours.map((slot) => (
                <option key={slot} value={slot}>
                  {formatTime(slot, locale)}
                </option>
              ))}
            </optgroup>
          ))}
        </FormSelectField>
      </div>
      <RateLimitMessage error={limited} />
      <SubmitButton name="intent" value="callback">
        {t('callback.send')}
      </SubmitButton>
    </CheckedForm>
  );
}
