/** What the wizard's components share: the page's data types, money and dates in the page's locale, the steps. */
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { MonthlyLimits } from '#server/instalments/plan.ts';
import { minorToInput } from '#server/money/amount-input.ts';
import { formatDate, formatMoney } from '~/lib/format';
import { useRootData } from '~/root';
import type { action, loader } from './route';

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type FlowData = Extract<LoaderData, { view: 'flow' }>;
export type ActionData = ReturnType<typeof useActionData<typeof action>>;

export function useWizardData() {
  return useLoaderData<typeof loader>();
}

export function useWizardAction(): ActionData {
  return useActionData<typeof action>();
}

export function useMoney() {
  const { locale } = useRootData()!;
  const d = useWizardData();
  return {
    locale,
    money: (minor: number) => formatMoney(minor, d.currency, locale),
    date: (iso: string) => formatDate(iso, locale),
  };
}

export function stepLabels(t: (key: string) => string): string[] {
  return [
    t('steps.amount'),
    t('steps.date'),
    t('steps.overview'),
    t('steps.method'),
    t('steps.pay'),
    t('steps.summary'),
  ];
}

/** Translates an error key with the amounts it may name. */
export function useErrorText(limits?: MonthlyLimits) {
  const { t } = useTranslation('instalments');
  const { money, locale } = useMoney();
  return (key: string | undefined) =>
    key
      ? t(
          key,
          limits
            ? {
                min: money(limits.absoluteMinMinor),
                regular: money(limits.regularMinMinor),
                example: minorToInput(limits.exampleMinor, locale),
              }
            : {},
        )
      : undefined;
}
