import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { FooterContent, footerKey, type FooterProps } from '~/components/shell/Footer';
import type { RootData } from '~/root';
import type { KeptHtml } from './kept-html';

/** At most this many parts are kept: a footer per variant, language, locale and login state is far fewer. */
const limit = 500;
const kept = new Map<string, string>();

/**
 * The kept parts for a document rendered with `instance` (its language's translations) and the root
 * loader's `root` data: rendered on the first request with their key, then taken from memory. Made
 * before the document's render starts, never inside it (a render inside a render would share
 * React's state for the one in progress).
 */
export function keptHtmlFor(instance: I18n, root: Pick<RootData, 'variant' | 'locale' | 'auth'> | undefined): KeptHtml {
  if (!root) return {};
  const props: FooterProps = { variant: root.variant, locale: root.locale, auth: root.auth.level };
  const key = footerKey(instance.language, props);
  let html = kept.get(`footer|${key}`);
  if (html === undefined) {
    html = renderToString(
      <I18nextProvider i18n={instance}>
        <FooterContent {...props} />
      </I18nextProvider>,
    );
    if (kept.size >= limit) kept.clear();
    kept.set(`footer|${key}`, html);
  }
  return { footer: { key, html } };
}
