import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { FooterContent, footerKey, type FooterProps } from '~/components/shell/Footer';
import { HeaderContent, headerKey, headerPartKey, type HeaderProps } from '~/components/shell/Header';
import type { RootData } from '~/root';
import type { KeptHtml } from './kept-html';
import { keptIn } from './kept-in';

/**
 * At most this many parts are kept: a footer per variant, language, locale and login state, a
 * header per variant, language, login state and marked menu item, are far fewer.
 */
const limit = 500;
const kept = new Map<string, string | null>();

/**
 * Stands for the address the header's forms return to while its HTML is kept (decision 126):
 * characters of Unicode's private use area, which React writes as they are and no page holds.
 */
const returnToMark = '\uE000returnTo\uE000';

/** The page a document is rendered for (the static handler's location). */
export interface DocumentPlace {
  pathname: string;
  search: string;
}

/**
 * The kept parts for a document rendered with `instance` (its language's translations), the root
 * loader's `root` data and the page's `place`: rendered on the first request with their key, then
 * taken from memory. Made before the document's render starts, never inside it (a render inside a
 * render would share React's state for the one in progress).
 */
export function keptHtmlFor(
  instance: I18n,
  root: Pick<RootData, 'variant' | 'locale' | 'auth' | 'language'> | undefined,
  place: DocumentPlace,
): KeptHtml {
  if (!root) return {};
  const parts: KeptHtml = {};

  const footerProps: FooterProps = { variant: root.variant, locale: root.locale, auth: root.auth.level };
  const footer = footerKey(instance.language, footerProps);
  const footerHtml = keptPart(`footer|${footer}`, instance, <FooterContent {...footerProps} />);
  if (footerHtml !== null) parts.footer = { key: footer, html: footerHtml };

  const headerProps: HeaderProps = { variant: root.variant, language: root.language, auth: root.auth.level };
  const header = headerKey(instance.language, headerProps, place.pathname);
  const headerPlace = { pathname: place.pathname, returnTo: returnToMark };
  const template = keptPart(`header|${header}`, instance, <HeaderContent {...headerProps} place={headerPlace} />, 1);
  if (template !== null) {
    const returnTo = `${place.pathname}${place.search}`;
    // A function, not a string: `$&` and its kind in an address are not replacement patterns.
    const html = template.replace(returnToMark, () => escapeAttribute(returnTo));
    parts.header = { key: headerPartKey(header, returnTo), html };
  }
  return parts;
}

/**
 * The HTML of `element` kept under `id`, rendered once with `instance`'s translations; null when it
 * cannot be kept (its render failed, or it holds `returnToMark` other than `marks` times).
 */
function keptPart(id: string, instance: I18n, element: ReactElement, marks = 0): string | null {
  return keptIn(kept, id, limit, () => {
    try {
      const html = renderToString(<I18nextProvider i18n={instance}>{element}</I18nextProvider>);
      return html.split(returnToMark).length === marks + 1 ? html : null;
    } catch {
      // A part that needs what only the document's render has (the router) is rendered there.
      return null;
    }
  });
}

/** An attribute's value as React writes it (react-dom's `escapeTextForBrowser`). */
function escapeAttribute(value: string): string {
  return value.replace(/["&'<>]/g, (c) => escapes[c as keyof typeof escapes]);
}
const escapes = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
