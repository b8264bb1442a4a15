import type { Variant } from '#server/variants/config.ts';
import type { Language } from '#server/i18n/languages.ts';

/** What the browser may know about a variant (no secrets live in the config, but keep it lean). */
export function publicVariant(v: Variant) {
  return {
    id: v.id,
    basePath: v.basePath,
    country: v.country,
    currency: v.currency,
    languages: v.languages as readonly Language[],
    brand: { key: v.brand.key, name: v.brand.name, logo: v.brand.logo },
    support: v.support,
    legal: {
      name: v.legal.name,
      street: v.legal.street,
      postalCode: v.legal.postalCode,
      city: v.legal.city,
      email: v.legal.email,
    },
  };
}
export type PublicVariant = ReturnType<typeof publicVariant>;

/** A path inside the current variant. */
export function href(variant: Pick<PublicVariant, 'basePath'>, path: string): string {
  if (path === '/' || path === '') return variant.basePath;
  return `${variant.basePath}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The sign-in page of the variant, returning to `path` (inside the variant) once signed in. */
export function signInHref(variant: Pick<PublicVariant, 'basePath'>, path: string): string {
  return `${href(variant, '/signin')}?returnTo=${encodeURIComponent(href(variant, path))}`;
}
