import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { auditForPage } from '#server/audit/log.ts';
import { deskFiguresForPage, readLogQuery } from '#server/staff/review.ts';
import { agencyTimeZone } from '#server/time-zone.ts';
import { ConfusionChart, RatesChart, VolumeChart } from '~/components/staff/charts';
import { DateRangeFilter, FilterButtons } from '~/components/staff/filters';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { requireStaff, staffText, staffLocale } from '~/lib/staff.server';

/** Charts of the log (the same date, language and variant filters as the log). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const { t, language } = await staffText(request);
  const { from, to, language: lang, variant } = readLogQuery(new URL(request.url));
  const query = { from, to, language: lang, variant };
  const figures = await deskFiguresForPage(query);
  await auditForPage({
    actor: 'staff',
    action: 'staff.charts.viewed',
    clientAddress: context.clientAddress,
    detail: { staffId: staff.staffId },
  });
  return {
    title: t('meta.title', { page: t('charts.title') }),
    locale: staffLocale(language),
    query,
    figures,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function StaffCharts() {
  const { figures, locale, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation('staff');
  return (
    <div className="staff-page">
      <h1>{t('charts.title')}</h1>
      <p className="lead">{t('charts.lead', { count: figures.total })}</p>
      <Form method="get" className="staff-filters staff-filters--inline" aria-label={t('log.filters')}>
        <DateRangeFilter idPrefix="charts" from={query.from} to={query.to} />
        <FilterButtons resetTo="/staff/charts" />
      </Form>
      <div className="staff-charts">
        <VolumeChart volume={figures.volume} />
        <RatesChart rates={figures} locale={locale} />
        <ConfusionChart confusion={figures.confusion} />
      </div>
      <p className="muted staff-charts__note" data-testid="charts-definitions">
        {t('charts.rates.definitions', { timeZone: agencyTimeZone })}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
