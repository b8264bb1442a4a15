import { createContext, useContext, type ReactElement } from 'react';

/**
 * Parts of the document whose HTML the server keeps (decisions 125, 126 and 128): the same for every
 * request with the same key, rendered once and written as it is (the header with the page's own
 * address written in). Each part's HTML is given with the key it was rendered for; a component uses
 * it only when its own props give the same key.
 */
export interface KeptHtml {
  footer?: { key: string; html: string };
  header?: { key: string; html: string };
  /** The page's content, where its route's handle names it (`KeptPage`). */
  page?: { key: string; html: string };
}

/**
 * A page whose content is the same for everyone with the same loader data and language (decision
 * 128), named by its route's handle as `keptPage`: `key` says what the content depends on, `content`
 * is the element rendered for it, without the router (the route renders the same element in the
 * browser, and on the server where nothing was kept).
 */
export interface KeptPage<Data> {
  key(language: string, data: Data): string;
  content(data: Data): ReactElement;
}

const KeptHtmlContext = createContext<KeptHtml | null>(null);
export const KeptHtmlProvider = KeptHtmlContext.Provider;

/** The kept HTML of `part` when it was rendered for `key`; null in the browser and wherever none was given. */
export function useKeptHtml(part: keyof KeptHtml, key: string): string | null {
  const kept = useContext(KeptHtmlContext)?.[part];
  return kept && kept.key === key ? kept.html : null;
}
