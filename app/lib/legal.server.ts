import type { LoaderFunctionArgs } from '@remix-run/node';
import type { Language } from '#server/i18n/languages.ts';
import { legalEntityIn, type Variant } from '#server/variants/config.ts';
import { supportHoursLines } from './format';
import { documentTitle, pageContext } from './route-helpers.server';

/** Each legal page and the namespace holding its text. */
export const legalPages = {
  legalNotice: 'legal',
  informationSecurity: 'legal',
  emailInformation: 'legal',
  privacy: 'privacy',
  dataProtection: 'privacy',
  cardTerms: 'legal',
} as const;
export type LegalPageKey = keyof typeof legalPages;

/** The facts the legal texts are built from; they come from the variant's configuration. */
export function legalValues(variant: Variant, locale: string): Record<string, string> {
  // Names of registers and authorities in the page's language where they officially exist.
  const l = legalEntityIn(variant, locale.slice(0, 2) as Language);
  return {
    brand: variant.brand.name,
    entityName: l.name,
    street: l.street,
    postalCode: l.postalCode,
    city: l.city,
    register: l.register,
    vatId: l.vatId,
    directors: l.managingDirectors.join(', '),
    email: l.email,
    phone: variant.support.phone,
    supportEmail: variant.support.email,
    hours: supportHoursLines(variant.support.hours.days, locale).join('; '),
    supervisoryName: l.supervisoryAuthority.name,
    supervisoryAddress: l.supervisoryAuthority.address,
    supervisoryWeb: l.supervisoryAuthority.web,
    dpoName: l.dataProtectionOfficer.name,
    dpoEmail: l.dataProtectionOfficer.email,
  };
}

export async function legalPageLoader({ request, params }: LoaderFunctionArgs, page: LegalPageKey) {
  const ns = legalPages[page];
  const { variant, locale, t } = await pageContext(request, params, ns);
  return {
    page,
    ns,
    title: documentTitle(t(`${page}.title`), variant.brand.name),
    values: legalValues(variant, locale),
  };
}
