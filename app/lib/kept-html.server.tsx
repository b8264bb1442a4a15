import type { EntryContext } from '@remix-run/node';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { FooterContent, footerKey, type FooterProps } from '~/components/shell/Footer';
import { HeaderContent, headerKey, headerPartKey, type HeaderProps } from '~/components/shell/Header';
import type { RootData } from '~/root';
import type { KeptHtml, KeptPage } from './kept-html';
import { keptIn } from './kept-in';

/**
 * At most this many parts are kept. The six variants with their 26 languages make at most 52
 * footers (visitor or signed in), about 470 headers (three login levels, a mark for each menu item
 * or none) and 156 legal pages (six each): about 3 MB of HTML if every one were asked for.
 */
const limit = 1000;
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

/** A page whose content is kept (its route's `handle.keptPage`) with its route's loader data. */
export interface KeptPageData {
  page: KeptPage<never>;
  data: unknown;
}

/**
 * The page of a document whose content may be kept: its deepest route's, where that route's handle
 * names a `keptPage` and the page shows its loader data as it is (answered 200, no action's data, no
 * error).
 */
export function keptPageIn({ staticHandlerContext: context, routeModules }: EntryContext): KeptPageData | undefined {
  if (context.statusCode !== 200 || context.errors || context.actionData) return undefined;
  const leaf = context.matches.at(-1);
  if (!leaf) return undefined;
  const handle = routeModules[leaf.route.id]?.handle as { keptPage?: KeptPage<never> } | undefined;
  if (!handle?.keptPage || !(leaf.route.id in context.loaderData)) return undefined;
  return { page: handle.keptPage, data: context.loaderData[leaf.route.id] };
}

/**
 * The kept parts for a document rendered with `instance` (its language's translations), the root
 * loader's `root` data, the page's `place` and, where its route names one, the page whose content is
 * kept: rendered on the first request with their key, then taken from memory. Made before the
 * document's render starts, never inside it (a render inside a render would share React's state for
 * the one in progress).
 */
export function keptHtmlFor(
  instance: I18n,
  root: Pick<RootData, 'variant' | 'locale' | 'auth' | 'language'> | undefined,
  place: DocumentPlace,
  page?: KeptPageData,
): KeptHtml {
  if (!root) return {};
  const parts: KeptHtml = {};

  if (page) {
    const kept = page.page as KeptPage<unknown>;
    const key = kept.key(instance.language, page.data);
    const html = keptPart(`page|${key}`, instance, kept.content(page.data));
    if (html !== null) parts.page = { key, html };
  }

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
