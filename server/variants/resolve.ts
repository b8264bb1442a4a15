import { defaultVariantId, variants, variantIds, type Variant, type VariantId } from './config.ts';

/**
 * Finds the variant of a request: the first path segment when it is a variant's base path,
 * otherwise the variant mapped to the request's host, otherwise the default variant.
 */
export function resolveVariant(url: URL, hostMap: ReadonlyMap<string, VariantId> = new Map()): Variant {
  return variantFromPath(url.pathname) ?? variantFromHost(url.host, hostMap) ?? variants[defaultVariantId];
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
