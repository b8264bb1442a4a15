import type { TFunction } from 'i18next';
import type { ClaimSubject } from '#server/claims/subjects.ts';

/**
 * Texts that come from the agency's system, worded in the page's language (decision 029): codes
 * are looked up in the locales, free text is shown as the agency sent it.
 */

/** What the claim is for: the coded subject in the page's language, else the creditor's wording. */
export function claimSubjectText(t: TFunction, subject: ClaimSubject): string {
  if (!subject.code) return subject.text;
  const params: Record<string, string> = { ...subject.code.params };
  // The kind of goods is itself a code; an unknown one stays as it came.
  if (params.goods) params.goods = t(`claim:goods.${params.goods}`, { defaultValue: params.goods });
  return t(`claim:subjects.${subject.code.key}`, { ...params, defaultValue: subject.text });
}

/** An invoice line in the page's language where the agency has it, else the creditor's wording. */
export function invoiceDescription(
  invoice: { description: string; descriptions: Record<string, string> },
  language: string,
): string {
  return invoice.descriptions[language] ?? invoice.description;
}

/** Codes of legal bases look like "CH.or106" (country, then the law; nested so in the locales); anything else is the agency's own text. */
const legalBasisCode = /^[A-Z]{2}\.[A-Za-z0-9]+$/;

/** The legal basis of a cost: the code named in the page's language, free text as it came. */
export function legalBasisText(t: TFunction, basis: string): string {
  return legalBasisCode.test(basis) ? t(`claimInfo:legal.bases.${basis}`, { defaultValue: basis }) : basis;
}
