import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { isLang, LANGS } from '../../intents/catalogue.ts';
import { serverEngine } from '#server/assistant/engine.ts';
import { logger } from '#server/http/logger.ts';
import { correctedAccuracyForPage, correctionLinesForPage } from '#server/staff/review.ts';
import { StaffErrorBoundary } from '~/components/staff/StaffError';
import { requireStaff, staffText } from '~/lib/staff.server';
import { StaffTable } from '~/components/staff/StaffTable';

/** Corrected entries, their export as training data, and how many the current model gets right. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { t } = await staffText(request);
  const lines = await correctionLinesForPage();
  const perLanguage = LANGS.map((language) => ({
    language,
    count: lines.filter((l) => l.language === language).length,
  })).filter((l) => l.count > 0);
  let figure: { corrected: number; right: number } | null = null;
  try {
    // The model the chat pane answers with (server/assistant/engine.ts), on the anonymised text.
    const engine = serverEngine();
    figure = await correctedAccuracyForPage(
      (text, language) => engine.classify(text, isLang(language) ? { lang: language } : {}).intent,
    );
  } catch (error) {
    logger.error({ err: error }, 'the assistant model could not be loaded for the review desk');
  }
  return {
    title: t('meta.title', { page: t('corrections.title') }),
    total: lines.length,
    perLanguage,
    figure,
    recent: lines.slice(-50).map(({ language, line }) => ({ language, ...line })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function StaffCorrections() {
  const { total, perLanguage, figure, recent } = useLoaderData<typeof loader>();
  const { t } = useTranslation('staff');
  return (
    <div className="staff-page">
      <h1>{t('corrections.title')}</h1>
      <p className="lead">{t('corrections.lead')}</p>
      <section aria-labelledby="figure-title" className="card">
        <h2 id="figure-title">{t('corrections.figureTitle')}</h2>
        <p className="staff-figure">
          {total === 0
            ? t('corrections.none')
            : figure
              ? t('corrections.figure', { right: figure.right, count: figure.corrected })
              : t('corrections.figureUnavailable')}
        </p>
      </section>
      <section aria-labelledby="export-title">
        <h2 id="export-title">{t('corrections.exportTitle')}</h2>
        <p>{t('corrections.exportText')}</p>
        {perLanguage.length === 0 ? (
          <p>{t('corrections.none')}</p>
        ) : (
          <ul className="staff-downloads">
            {perLanguage.map(({ language, count }) => (
              <li key={language}>
                <a href={`/staff/export/${language}`} download={`${language}.jsonl`}>
                  {t('corrections.download', { language, count })}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {recent.length > 0 ? (
        <section aria-labelledby="recent-title">
          <h2 id="recent-title">{t('corrections.recent')}</h2>
          <div className="staff-table-wrap">
            <StaffTable
              columns={[
                t('log.columns.language'),
                t('log.columns.text'),
                t('log.columns.corrected'),
                t('corrections.link'),
              ]}
            >
              {recent.map((line, index) => (
                <tr key={`${index}-${line.text}`}>
                  <td>{line.language}</td>
                  <td className="staff-text">{line.text}</td>
                  <td>
                    <code>{line.intent}</code>
                  </td>
                  <td>{line.href ? <code>{line.href}</code> : '–'}</td>
                </tr>
              ))}
            </StaffTable>
          </div>
        </section>
      ) : null}
      <p>
        <Link to="/staff?corrected=yes">{t('corrections.inLog')}</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <StaffErrorBoundary />;
}
