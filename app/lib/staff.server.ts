/**
 * The review desk's guard and page context (routes app/routes/staff.*.tsx). Staff sessions are
 * their own (server/staff/sessions.ts): a debtor's session cookie opens nothing here, and a
 * staff cookie opens no debtor page.
 */
import { redirect } from '@remix-run/node';
import { fallbackLanguage, languages, type Language } from '#server/i18n/languages.ts';
import { cookieName } from '#server/auth/cookies.ts';
import { languageCookieName, negotiateLanguage } from '#server/i18n/negotiate.ts';
import type { Variant } from '#server/variants/config.ts';
import { findStaffSessionForPage, type StaffSession, touchStaffSessionForPage } from '#server/staff/sessions.ts';
import { i18next } from '~/i18next.server';

export const staffBase = '/staff';

/** The staff member of a request with a full session (password and TOTP), or a redirect to sign in. */
export async function requireStaff(request: Request, options: { admin?: boolean } = {}): Promise<StaffSession> {
  const session = await findStaffSessionForPage(request);
  if (!session || session.stage !== 'full') {
    const url = new URL(request.url);
    const returnTo = request.method === 'GET' ? `?returnTo=${encodeURIComponent(url.pathname + url.search)}` : '';
    throw redirect(`${staffBase}/signin${returnTo}`);
  }
  // Account management is for admins only: a reviewer gets a refusal, not a second sign-in.
  if (options.admin && session.role !== 'admin') throw new Response('Forbidden', { status: 403 });
  await touchStaffSessionForPage(session.idHash);
  return session;
}

/** The desk speaks all seven languages of the portal, whatever the host's portal offers. */
export const staffLanguages = languages;
const deskLanguages = { languages: staffLanguages, defaultLanguage: fallbackLanguage } as unknown as Variant;

/** Dates and numbers of the desk: each language with its own country, English as in Britain. */
const deskLocales: Record<Language, string> = {
  de: 'de-DE',
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  it: 'it-IT',
  tr: 'tr-TR',
  sv: 'sv-SE',
};

export function staffLocale(language: Language): string {
  return deskLocales[language];
}

export function isStaffPath(request: Request): boolean {
  return /^\/staff(\/|$)/.test(new URL(request.url).pathname);
}

/** The `hl` parameter, the language cookie, the browser's list, German last. */
export function staffLanguage(request: Request): Language {
  return negotiateLanguage(request, deskLanguages, cookieName(languageCookieName));
}

/** Language and translation function of the desk. */
export async function staffText(request: Request) {
  const language = staffLanguage(request);
  const t = await i18next.getFixedT(language, 'staff');
  return { language, t };
}

/** A return path on the desk only (never a debtor page, never another site). */
export function staffReturnPath(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== 'string' || !/^\/staff(\/[\w\-/.]*)?(\?[\w\-=&%.+]*)?$/.test(value)) return staffBase;
  if (value.includes('..') || value.includes('//')) return staffBase;
  return value;
}
