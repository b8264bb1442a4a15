import { defaultVariantId, variants, variantIds, type Variant, type VariantId } from './config.ts';

/**
 * Finds the variant of a request: the first path segment when it is a variant's base path,
 * otherwise (on the sandbox provider's pages) the variant the portal named in the link,
 * otherwise the variant mapped to the request's host, otherwise the default variant.
 */
export function resolveVariant(url: URL, hostMap: ReadonlyMap<string, VariantId> = new Map()): Variant {
  return (
    variantFromPath(url.pathname) ??
    sandboxVariant(url) ??
    variantFromHost(url.host, hostMap) ??
    variants[defaultVariantId]
  );
}

/** The query parameter by which a link into the sandbox pages names the journey's variant. */
export const sandboxVariantParam = 'variant';
const sandboxPrefix = '/sandbox/';

/**
 * The sandbox provider's pages live outside every variant, as a third party's would, yet they
 * stand in for it during one variant's journey: a Swedish debtor must not meet German texts and
 * the Hamburg footer there. The link names the variant; it decides only the look and the offered
 * languages, never what the page does (that comes from the order or payment itself).
 */
function sandboxVariant(url: URL): Variant | undefined {
  if (!url.pathname.startsWith(sandboxPrefix)) return undefined;
  const id = url.searchParams.get(sandboxVariantParam);
  return id && (variantIds as string[]).includes(id) ? variants[id as VariantId] : undefined;
}

/**
 * A link into the sandbox pages for a journey in this variant and language; every other URL (a
 * real provider's page) is left as it is.
 */
export function sandboxLink(url: string, variant: Pick<Variant, 'id'>, language: string): string {
  if (!url.startsWith(sandboxPrefix)) return url;
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(sandboxVariantParam, variant.id);
  params.set('hl', language);
  return `${path}?${params.toString()}`;
}

export function variantFromPath(pathname: string): Variant | undefined {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return variantIds.map((id) => variants[id]).find((v) => v.basePath === first);
}

export function variantFromHost(host: string, hostMap: ReadonlyMap<string, VariantId>): Variant | undefined {
  const id = hostMap.get(host.toLowerCase()) ?? hostMap.get(host.toLowerCase().replace(/:\d+$/, ''));
  return id ? variants[id] : undefined;
}

export function variantByBaseSegment(segment: string | undefined): Variant | undefined {
  return segment ? variantFromPath(`/${segment}`) : undefined;
}

/** Parses VARIANT_HOSTS, e.g. "portal.paycare.example=paycare,portal.clarus.ch=ch". */
export function parseHostMap(value: string | undefined): Map<string, VariantId> {
  const map = new Map<string, VariantId>();
  for (const pair of (value ?? '').split(',')) {
    const [host, id] = pair.split('=').map((s) => s.trim());
    if (host && id && (variantIds as string[]).includes(id)) map.set(host.toLowerCase(), id as VariantId);
  }
  return map;
}

/** A path inside a variant: withBase(variant, '/checkout/pay-direct'). */
export function withBase(variant: Pick<Variant, 'basePath'>, path: string): string {
  if (path === '/' || path === '') return variant.basePath;
  return `${variant.basePath}${path.startsWith('/') ? path : `/${path}`}`;
}
