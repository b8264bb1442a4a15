import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { INTENT_IDS, LANGS } from '../../intents/catalogue.ts';
import { turnOutcomes } from '#server/assistant/outcomes.ts';
import { auditForPage } from '#server/audit/log.ts';
import { confidenceBands } from '#server/staff/constants.ts';
import {
  flaggedCountForPage,
  listLogForPage,
  loggedVariantsForPage,
  type LogQuery,
  purgeFlaggedForPage,
  readLogQuery,
} from '#server/staff/review.ts';
import { readForm } from '~/lib/form.server';
import { formatConfidence, formatTime, withQuery } from '~/components/staff/format';
import { DateRangeFilter, FilterButtons } from '~/components/staff/filters';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { requireStaff, staffText, staffLocale } from '~/lib/staff.server';

/** The review desk's log: every assistant turn, anonymised, filterable, sortable and paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const { t, language } = await staffText(request);
  const url = new URL(request.url);
  const query = readLogQuery(url);
  const [list, variants] = await Promise.all([listLogForPage(query), loggedVariantsForPage()]);
  // After the list was screened (issue 27): how many entries wait for deletion.
  const flagged = await flaggedCountForPage();
  const purgedParam = Number(url.searchParams.get('purged'));
  const purged =
    Number.isInteger(purgedParam) && purgedParam >= 0 && url.searchParams.has('purged') ? purgedParam : null;
  await auditForPage({
    actor: 'staff',
    action: 'staff.log.viewed',
    clientAddress: context.clientAddress,
    detail: { staffId: staff.staffId, page: list.page, results: list.total },
  });
  return {
    title: t('meta.title', { page: t('log.title') }),
    locale: staffLocale(language),
    query,
    variants,
    flagged,
    purged,
    ...list,
  };
}

/** Deletes the entries flagged for deletion (issue 27); any staff member may, and it is audited. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const form = await readForm(request);
  if (form.get('intent') !== 'purgeFlagged') return new Response('Bad Request', { status: 400 });
  const purged = await purgeFlaggedForPage(staff.staffId);
  return redirect(`/staff?purged=${purged}`);
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

type SortKey = NonNullable<LogQuery['sort']>;

type FilterName = 'language' | 'variant' | 'intent' | 'band' | 'outcome' | 'engine' | 'corrected';

/** A select filter of the log: its label is `log.<name>`, its value the query's, "any" first. */
function FilterSelect({
  name,
  query,
  options,
}: {
  name: FilterName;
  query: LogQuery;
  options: Array<[string, string]>;
}) {
  const { t } = useTranslation('staff');
  return (
    <div className="field staff-filter">
      <label htmlFor={`filter-${name}`}>{t(`log.${name}`)}</label>
      <select id={`filter-${name}`} name={name} defaultValue={query[name] ?? ''} className="input">
        <option value="">{t('log.any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A column header that sorts the table by its column (a link, so it works without JavaScript). */
function SortHeader({
  column,
  label,
  sort,
  dir,
  search,
}: {
  column: SortKey;
  label: string;
  sort: SortKey;
  dir: 'asc' | 'desc';
  search: string;
}) {
  const { t } = useTranslation('staff');
  const active = sort === column;
  const next = active && dir === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link to={withQuery(search, { sort: column, dir: next, page: undefined })} className="staff-sort">
        {label}
        <span className="visually-hidden"> {t(next === 'asc' ? 'log.sortAscending' : 'log.sortDescending')}</span>
        {active ? <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
      </Link>
    </th>
  );
}

export default function StaffLog() {
  const { query, entries, total, page, pages, variants, locale, flagged, purged } = useLoaderData<typeof loader>();
  const { t } = useTranslation('staff');
  const { search } = useLocation();
  const sort = query.sort ?? 'at';
  const dir = query.dir ?? (sort === 'at' || sort === 'confidence' ? 'desc' : 'asc');
  const sortState = { sort, dir, search } as const;
  /** Options whose text is the staff text `<prefix>.<value>`. */
  const labelled = (values: readonly string[], prefix: string): Array<[string, string]> =>
    values.map((v) => [v, t(`${prefix}.${v}`)]);

  return (
    <div className="staff-page">
      <h1>{t('log.title')}</h1>
      <p className="lead">{t('log.lead')}</p>
      <Form method="get" className="staff-filters" aria-labelledby="filters-title">
        <h2 id="filters-title" className="staff-filters__title">
          {t('log.filters')}
        </h2>
        <div className="staff-filters__grid">
          <DateRangeFilter idPrefix="filter" from={query.from} to={query.to} />
          <FilterSelect name="language" query={query} options={LANGS.map((l) => [l, l])} />
          <FilterSelect name="variant" query={query} options={variants.map((v) => [v, v])} />
          <FilterSelect name="intent" query={query} options={INTENT_IDS.map((i) => [i, i])} />
          <FilterSelect name="band" query={query} options={labelled(confidenceBands, 'bands')} />
          <FilterSelect name="outcome" query={query} options={labelled(turnOutcomes, 'outcomes')} />
          <FilterSelect name="engine" query={query} options={labelled(['embedded', 'model'], 'engines')} />
          <FilterSelect name="corrected" query={query} options={labelled(['yes', 'no'], 'log')} />
        </div>
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <FilterButtons resetTo="/staff" />
      </Form>

      <p role="status" className="staff-count">
        {t('log.count', { count: total })}
        {purged !== null ? ` ${t('log.purged', { count: purged })}` : null}
      </p>
      {flagged > 0 ? (
        <Form method="post" className="staff-flagged" aria-label={t('log.purgeFlagged')}>
          <p>{t('log.flaggedCount', { count: flagged })}</p>
          <button type="submit" name="intent" value="purgeFlagged" className="button button--quiet">
            {t('log.purgeFlagged')}
          </button>
        </Form>
      ) : null}
      {entries.length === 0 ? (
        <p>{t('log.empty')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">{t('log.caption', { page, pages })}</caption>
            <thead>
              <tr>
                <SortHeader column="at" label={t('log.columns.at')} {...sortState} />
                <th scope="col">{t('log.columns.text')}</th>
                <SortHeader column="intent" label={t('log.columns.intent')} {...sortState} />
                <SortHeader column="confidence" label={t('log.columns.confidence')} {...sortState} />
                <SortHeader column="outcome" label={t('log.columns.outcome')} {...sortState} />
                <SortHeader column="language" label={t('log.columns.language')} {...sortState} />
                <th scope="col">{t('log.columns.corrected')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="staff-nowrap">
                    <Link to={`/staff/entries/${entry.id}`}>{formatTime(entry.at, locale)}</Link>
                  </td>
                  <td className="staff-text">
                    {entry.text}
                    {entry.flagged ? (
                      <>
                        {' '}
                        <span className="staff-flag" title={t('log.flaggedNote')}>
                          {t('log.flagged')}
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <code>{entry.intent}</code>
                  </td>
                  <td className="staff-number">{formatConfidence(entry.confidence, locale)}</td>
                  <td>{entry.outcome ? t(`outcomes.${entry.outcome}`, { defaultValue: entry.outcome }) : '–'}</td>
                  <td>{entry.language}</td>
                  <td>{entry.correctedIntent ? <code>{entry.correctedIntent}</code> : t('log.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label={t('log.pagination')} className="staff-pages">
          {page > 1 ? <Link to={withQuery(search, { page: String(page - 1) })}>{t('log.previous')}</Link> : null}
          <span>{t('log.pageOf', { page, pages })}</span>
          {page < pages ? <Link to={withQuery(search, { page: String(page + 1) })}>{t('log.next')}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
