import type { LinksFunction, MetaDescriptor } from '@remix-run/node';

/**
 * The meta of a page behind the sign-in (or on a debtor's own link): the document title its loader
 * made (`documentTitle`), and no search engine may index it.
 */
export function privatePageMeta(title: string | undefined): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** The `links` of a route that loads these stylesheets, in this order. */
export function stylesheets(...hrefs: string[]): LinksFunction {
  return () => hrefs.map((href) => ({ rel: 'stylesheet', href }));
}
