import { useTranslation } from 'react-i18next';
import { languageNames, type Language } from '#server/i18n/languages.ts';
import { href, type PublicVariant } from '~/lib/variant';

/**
 * The language switcher: a disclosure with one button per offered language. The chosen button
 * posts to the variant's /language action, which stores the choice in a cookie and returns to
 * the same page. Works without JavaScript; nothing changes until a button is pressed.
 */
export function LanguageSwitcher({
  variant,
  language,
  returnTo,
}: {
  variant: PublicVariant;
  language: string;
  returnTo: string;
}) {
  const { t } = useTranslation();
  if (variant.languages.length < 2) return null;
  return (
    <details className="language-menu">
      <summary>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        <span className="visually-hidden">{t('shell.language')}: </span>
        <span lang={language}>{language.toUpperCase()}</span>
      </summary>
      <LanguageButtons
        action={href(variant, '/language')}
        returnTo={returnTo}
        languages={variant.languages}
        current={language}
      />
    </details>
  );
}

/**
 * The list inside a language disclosure: one button per language, posting `hl` and `returnTo` to
 * `action`, which stores the choice and returns; each button is named in its own language.
 */
export function LanguageButtons({
  action,
  returnTo,
  languages,
  current,
}: {
  action: string;
  returnTo: string;
  languages: readonly Language[];
  current: string;
}) {
  return (
    // The document's own form: the choice reloads the page in its language (what Remix's `Form`
    // renders with `reloadDocument`, without its hooks; it is on every page).
    <form method="post" action={action} className="language-menu__list">
      <input type="hidden" name="returnTo" value={returnTo} />
      {languages.map((code) => (
        <button
          key={code}
          type="submit"
          name="hl"
          value={code}
          lang={code}
          aria-current={code === current ? 'true' : undefined}
        >
          {languageNames[code]}
        </button>
      ))}
    </form>
  );
}
