import type { MetaDescriptor } from '@remix-run/node';

/**
 * The meta of a page behind the sign-in (or on a debtor's own link): the document title its loader
 * made (`documentTitle`), and no search engine may index it.
 */
export function privatePageMeta(title: string | undefined): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }];
}
