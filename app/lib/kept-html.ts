import { createContext, useContext } from 'react';

/**
 * Parts of the document whose HTML the server keeps (decisions 125 and 126): the same for every
 * request with the same key, rendered once and written as it is (the header with the page's own
 * address written in). Each part's HTML is given with the key it was rendered for; a component uses
 * it only when its own props give the same key.
 */
export interface KeptHtml {
  footer?: { key: string; html: string };
  header?: { key: string; html: string };
}

const KeptHtmlContext = createContext<KeptHtml | null>(null);
export const KeptHtmlProvider = KeptHtmlContext.Provider;

/** The kept HTML of `part` when it was rendered for `key`; null in the browser and wherever none was given. */
export function useKeptHtml(part: keyof KeptHtml, key: string): string | null {
  const kept = useContext(KeptHtmlContext)?.[part];
  return kept && kept.key === key ? kept.html : null;
}
