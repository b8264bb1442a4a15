/**
 * The public shell's links and the variant × language combinations, without Playwright: the
 * shell journey (e2e/journey.spec.ts) and the vitest check of every combination's links
 * (tests/routes/shell-links.test.ts) share them (decision 064).
 */
// The variants come from the source, so that a new variant or language is tested without
// touching the tests.
import { variantIds, variants, type Variant } from '../../server/variants/config.ts';
import { text } from './locale-text';

/** Every variant with every language it offers, default language first. */
export const variantLanguages = variantIds.flatMap((id) => {
  const variant = variants[id];
  const ordered = [variant.defaultLanguage, ...variant.languages.filter((l) => l !== variant.defaultLanguage)];
  return ordered.map((language) => ({ variant, language }));
});

export type Combination = (typeof variantLanguages)[number];

/** A path inside a variant (`/` is the variant's home), optionally with `?hl=`. */
export function portalPath(variant: Variant, path = '/', language?: string): string {
  const url = new URL(path === '/' ? variant.basePath : `${variant.basePath}${path}`, 'http://portal.invalid');
  if (language) url.searchParams.set('hl', language);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A heading that is an untranslated i18n key rather than text: dotted (`hero.title`,
 * `faq:items.x`) or a single lower-case token (`title`), which no real heading is.
 */
export function looksLikeKey(value: string): boolean {
  const trimmed = value.trim();
  return /^[A-Za-z][\w-]*(:[\w-]+)?(\.[\w-]+)+$/.test(trimmed) || /^[a-z][A-Za-z0-9_]*$/.test(trimmed);
}

type LinkName = (variant: Variant, language: string) => string;

/** The links every visitor must find: header (brand, FAQ, sign-in) and footer. */
export const expectedLinks: Record<'header' | 'footer', ReadonlyArray<{ path: string; name: LinkName }>> = {
  header: [
    { path: '/', name: (variant, language) => `${variant.brand.name} – ${text(language, 'shell.home')}` },
    { path: '/service/faq', name: (_, language) => text(language, 'nav.faq') },
    { path: '/signin', name: (_, language) => text(language, 'nav.signIn') },
  ],
  footer: [
    { path: '/legal-notice', name: (_, language) => text(language, 'footer.legalNotice') },
    { path: '/privacy', name: (_, language) => text(language, 'footer.privacy') },
    { path: '/data-protection', name: (_, language) => text(language, 'footer.dataProtection') },
    { path: '/information-security', name: (_, language) => text(language, 'footer.informationSecurity') },
    { path: '/email-information', name: (_, language) => text(language, 'footer.emailInformation') },
    { path: '/service', name: (_, language) => text(language, 'nav.service') },
    { path: '/service/faq', name: (_, language) => text(language, 'nav.faq') },
    { path: '/feedback', name: (_, language) => text(language, 'footer.feedback') },
    { path: '/signin', name: (_, language) => text(language, 'nav.signIn') },
    { path: '/consent', name: (_, language) => text(language, 'footer.cookieSettings') },
  ],
};

/**
 * The fewest combinations that between them show every variant and every language (a minimum
 * edge cover of the bipartite graph "variant offers language"): the combinations whose linked
 * pages the browser journey follows and checks with axe (decision 064). First a largest
 * matching (each variant with a language of its own), each variant's default language kept where
 * no other variant took it first, then each language still missing in the first variant that
 * offers it. With the six
 * variants and seven languages of today: seven combinations out of 26.
 */
export function walkCombinations(all: readonly Combination[]): Combination[] {
  const languagesOf = new Map<string, Combination[]>();
  for (const combination of all) {
    const list = languagesOf.get(combination.variant.id) ?? [];
    languagesOf.set(combination.variant.id, [...list, combination]);
  }
  // Language → the combination that holds it in the matching. Each variant's default language
  // first, and those stay put; the other variants then find a language by augmenting paths.
  const holder = new Map<string, Combination>();
  const kept = new Set<Combination>();
  for (const combination of all) {
    if (combination.language !== combination.variant.defaultLanguage || holder.has(combination.language)) continue;
    holder.set(combination.language, combination);
    kept.add(combination);
  }
  const augment = (variantId: string, seen: Set<string>): boolean => {
    for (const combination of languagesOf.get(variantId) ?? []) {
      const current = holder.get(combination.language);
      if (seen.has(combination.language) || (current && kept.has(current))) continue;
      seen.add(combination.language);
      if (!current || augment(current.variant.id, seen)) {
        holder.set(combination.language, combination);
        return true;
      }
    }
    return false;
  };
  for (const variantId of languagesOf.keys()) {
    if (![...holder.values()].some((c) => c.variant.id === variantId)) augment(variantId, new Set());
  }
  const chosen = [...holder.values()];
  for (const combination of all) {
    if (!chosen.some((c) => c.variant.id === combination.variant.id)) chosen.push(combination);
    if (!chosen.some((c) => c.language === combination.language)) chosen.push(combination);
  }
  return all.filter((combination) => chosen.includes(combination));
}
