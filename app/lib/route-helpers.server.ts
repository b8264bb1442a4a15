import type { LoaderFunctionArgs } from '@remix-run/node';
import { variantByBaseSegment } from '#server/variants/resolve.ts';
import type { Variant } from '#server/variants/config.ts';
import { intlLocale } from '#server/i18n/negotiate.ts';
import type { Language } from '#server/i18n/languages.ts';
import { i18next } from '~/i18next.server';
import type { Namespace } from '~/i18n';

/** The variant named by the route's base path; a path outside every variant is a 404. */
export function requireVariant(params: LoaderFunctionArgs['params']): Variant {
  const variant = variantByBaseSegment(params.portal);
  if (!variant) throw new Response('Not Found', { status: 404 });
  return variant;
}

/** Language, Intl locale and a translation function for a loader or action. */
export async function pageContext(
  request: Request,
  params: LoaderFunctionArgs['params'],
  ns: Namespace | readonly [Namespace, ...Namespace[]] = 'common',
) {
  const variant = requireVariant(params);
  const language = (await i18next.getLocale(request)) as Language;
  const t = await i18next.getFixedT(language, ns);
  return { variant, language, locale: intlLocale(language, variant), t };
}

const returnPathBase = 'http://portal.invalid';

/**
 * A same-site path to return to; anything else falls back. Browsers drop tab, CR and LF from a
 * URL and read a backslash as a slash, so `/\t/evil.example` is `//evil.example` to them: any
 * whitespace, control character or backslash is refused outright. What is left is resolved as a
 * URL (dot segments, encoded ones too) and must still be a path on this origin that does not
 * start with two slashes; the resolved form is returned, so that what was checked is what is sent.
 */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return fallback;
  if (/[\s\\\p{Cc}\p{Cf}\p{Z}]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, returnPathBase);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== returnPathBase || !path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}

/** Title for <title>: the page's own, then the brand. */
export function documentTitle(page: string, brand: string): string {
  return `${page} – ${brand}`;
}
