import { useTranslation } from 'react-i18next';
import { languages } from '#server/i18n/languages.ts';
import { useRootData } from '~/root';

/**
 * The explanation video (public/media, made by scripts/make-explainer.ts): a local file with
 * captions in every language and a transcript to read; no third-party player, and nothing is
 * downloaded before the debtor presses play. Styles live in app/styles/claim.css.
 */
export function ExplanationVideo() {
  const { language } = useRootData()!;
  const { t } = useTranslation('claimInfo');
  return (
    <figure className="video">
      {/* A local file with captions in every language; no third-party player, nothing loads until play. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the caption tracks are mapped below */}
      <video controls preload="none" poster="/media/explainer-poster.svg" width={960} height={540}>
        <source src="/media/explainer.webm" type="video/webm" />
        {languages.map((lang) => (
          <track
            key={lang}
            kind="captions"
            src={`/media/explainer.${lang}.vtt`}
            srcLang={lang}
            label={t(`video.captionLanguages.${lang}`)}
            default={lang === language}
          />
        ))}
      </video>
      <figcaption>
        <details>
          <summary>{t('video.transcriptTitle')}</summary>
          <ol className="video__transcript">
            {(t('video.transcript', { returnObjects: true }) as string[]).map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        </details>
      </figcaption>
    </figure>
  );
}
