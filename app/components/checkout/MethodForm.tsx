import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { amountField, parseAmount } from '#server/money/amount-input.ts';
import { feeFor, type FeeRule } from '#server/payments/fee-rule.ts';
import { methodKeys, type MethodKey } from '#server/payments/methods.ts';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { formatMoney } from '~/lib/format';
import { useSubmissionRounds } from '~/lib/use-submission';
import { useZodForm } from '~/lib/use-zod-form';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import type { action, loader } from '~/routes/$portal.checkout.pay-direct';
import { FormField } from '~/components/forms/FormField';

/** The form of the method step: the method, and for a partial payment the amount (at most the open amount). */
export function paySchema(partial: { locale: string; currency: string; maxMinor: number } | null) {
  return z.object({
    intent: z.literal('pay'),
    method: z.enum(methodKeys as [MethodKey, ...MethodKey[]], { error: 'errors.methodRequired' }),
    idempotencyKey: z.uuid(),
    // A partial payment reads the typed amount with the portal's one reader: at least 0.01, at most the open amount.
    amount: partial
      ? amountField({
          ...partial,
          messages: {
            required: 'errors.amount.required',
            format: 'errors.amount.format',
            tooLow: 'errors.amount.tooLow',
            tooHigh: 'errors.amount.tooHigh',
          },
        })
      : z
          .string()
          .max(40)
          .optional()
          .transform(() => undefined),
  });
}

/**
 * The method step's form: the methods the file may use, each with its fee on the amount paid, and
 * for a partial payment the amount, whose fee follows what is typed.
 */
export function MethodForm({ amountMinor }: { amountMinor: number }) {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  const rounds = useSubmissionRounds(actionData);
  const schema = paySchema(d.purpose === 'partial' ? { locale, currency: d.currency, maxMinor: amountMinor } : null);
  const [form, fields] = useZodForm({
    id: 'pay-direct',
    schema,
    lastResult: actionData?.result ?? undefined,
    defaultValue: {
      method: d.aborted ? undefined : (d.prefill.method ?? (d.methods.length === 1 ? d.methods[0]!.key : undefined)),
      amount: d.prefill.amount ?? undefined,
    },
  });
  // A partial payment's fee follows the amount typed (not the open amount); before a valid amount
  // is typed, the rule is shown instead of a figure.
  const [typedMinor, setTypedMinor] = useState<number | null>(() =>
    readTyped(String(fields.amount.value ?? ''), locale, d.currency),
  );
  const paidMinor = d.purpose === 'partial' ? typedMinor : amountMinor;
  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  const firstMethodId = d.methods[0] ? `method-${d.methods[0].key}` : form.id;
  const errors = [
    ...(form.errors ?? []).map((m) => ({ fieldId: firstMethodId, message: t(m) })),
    ...(fields.method.errors ?? []).map((m) => ({ fieldId: firstMethodId, message: t(m) })),
    ...(fields.amount.errors ?? []).map((m) => ({ fieldId: fields.amount.id, message: t(m) })),
  ];
  const methodError = fields.method.errors?.[0] ? t(fields.method.errors[0]) : undefined;
  const amountError = fields.amount.errors?.[0] ? t(fields.amount.errors[0]) : undefined;
  return (
    <section className="card" aria-labelledby="method-heading">
      <h2 id="method-heading" className="visually-hidden">
        {t('method.legend')}
      </h2>
      <ErrorSummary errors={errors} round={rounds.round} />
      {d.methods.length === 0 ? (
        <div className="panel panel--warning" role="alert">
          <p>{t('errors.notAvailable')}</p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="idempotencyKey" value={d.idempotencyKey} />
          {d.purpose === 'partial' ? (
            <FormField
              meta={fields.amount}
              label={t('partial.label', { currency: d.currency })}
              hint={t('partial.hint', { max: money(amountMinor) })}
              error={amountError}
              inputMode="decimal"
              autoComplete="off"
              className="input--code"
              onInput={(event) =>
                setTypedMinor(readTyped((event.target as HTMLInputElement).value, locale, d.currency))
              }
              required
            />
          ) : null}
          <fieldset
            className={`fieldset-plain${methodError ? ' field--error' : ''}`}
            role="radiogroup"
            aria-invalid={methodError ? true : undefined}
            aria-describedby={methodError ? 'method-error' : undefined}
          >
            <legend>{t('method.legend')}</legend>
            {methodError ? (
              <span className="field-error" id="method-error">
                <span className="visually-hidden">{t('common:form.errorPrefix')}</span> {methodError}
              </span>
            ) : null}
            <ul className="method-list">
              {d.methods.map((m) => (
                <li key={m.key}>
                  <label className="method" htmlFor={`method-${m.key}`}>
                    <input
                      type="radio"
                      id={`method-${m.key}`}
                      name={fields.method.name}
                      value={m.key}
                      defaultChecked={fields.method.initialValue === m.key}
                      aria-describedby={`method-${m.key}-fee`}
                    />
                    <span className="method__text">
                      <span className="method__name">{t(`methods.${m.key}.name`)}</span>
                      <span className="muted">{t(`methods.${m.key}.hint`)}</span>
                      <span className="method__fee" id={`method-${m.key}-fee`}>
                        <MethodFee rule={m.feeRule} paidMinor={paidMinor} money={money} locale={locale} />
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="button-row">
            <SubmitButton>{t('method.continue')}</SubmitButton>
            <Link className="button button--secondary" to={href(variant, '/dashboard')}>
              {t('backToDashboard')}
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

function readTyped(text: string, locale: string, currency: string): number | null {
  const reading = parseAmount(text, locale, currency);
  return reading.ok && reading.minor > 0 ? reading.minor : null;
}

/** "No fee", the fee on the amount paid, or (no amount typed yet) how the fee is computed. */
function MethodFee({
  rule,
  paidMinor,
  money,
  locale,
}: {
  rule: FeeRule | null;
  paidMinor: number | null;
  money: (minor: number) => string;
  locale: string;
}) {
  const { t } = useTranslation('checkout');
  if (!rule) return <>{t('method.noFee')}</>;
  if (paidMinor === null) {
    const parts = [
      rule.percentBp > 0
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rule.percentBp / 10_000)
        : null,
      rule.fixedMinor > 0 ? money(rule.fixedMinor) : null,
    ]
      .filter(Boolean)
      .join(' + ');
    return <>{t('method.feeRule', { rule: parts, min: money(rule.minMinor) })}</>;
  }
  const fee = feeFor(rule, paidMinor);
  return <>{fee > 0 ? t('method.fee', { fee: money(fee), total: money(paidMinor + fee) }) : t('method.noFee')}</>;
}
