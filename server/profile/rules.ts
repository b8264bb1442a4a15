/**
 * Field rules of a profile change (spec 3 "Profile", 5 "Validation rules"). Plain functions that
 * answer with a problem code (or null); the zod schema in schema.ts turns the codes into
 * translation keys of the `profile` namespace. Browser-safe: no data, no I/O. The zip/city check
 * that needs the postal-code directory lives in zip-city.ts (server only).
 *
 * How the spec's "names: length over 3" is applied: real names are often short ("Li", "Ng",
 * "Al", "Ek"), so one name part may have two letters; the rule "more than 3" holds for the full
 * name (first and last name together, letters only), which also must have two parts. One letter
 * alone is never a name part (an initial like "J." is refused, we need the name as written).
 */
import type { CountryCode } from '../variants/config.ts';

export const changeReasons = [
  'addressError',
  'nameError',
  'marriage',
  'divorce',
  'move',
  'secondAddress',
  'misc',
] as const;
export type ChangeReason = (typeof changeReasons)[number];

/** What each reason needs besides the fields (spec 5, "Change reasons"). */
export const reasonNeeds: Record<ChangeReason, 'certificate' | 'proof' | 'moveDate' | null> = {
  addressError: null,
  nameError: null,
  marriage: 'certificate',
  divorce: 'proof',
  move: 'moveDate',
  secondAddress: null,
  misc: null,
};

/** The fields a request may change, in the order the page shows them. */
export const profileFields = [
  'salutation',
  'companyName',
  'firstName',
  'lastName',
  'birthday',
  'streetName',
  'houseNumber',
  'zipCode',
  'city',
  'country',
  'email',
  'phone',
] as const;
export type ProfileField = (typeof profileFields)[number];

/** 1 Mr, 2 Ms, 3 company (spec 3). */
export const salutations = [1, 2, 3] as const;
export type Salutation = (typeof salutations)[number];

/** The portal's own countries: the country of every variant (variants/config.ts `CountryCode`). */
const portalCountries = ['DE', 'AT', 'CH', 'SE', 'NO'] as const satisfies readonly CountryCode[];
/** The other countries an address may be in. */
const neighbours = ['BE', 'CZ', 'DK', 'ES', 'FI', 'FR', 'GB', 'IT', 'LU', 'NL', 'PL', 'PT', 'TR'] as const;

/** Countries an address may be in: the portal's countries first, then the neighbours. */
export const countries = [...portalCountries, ...neighbours] as const;
export type Country = (typeof countries)[number];

export const maxNameLength = 60;
export const maxStreetLength = 100;
/**
 * Long enough for every real place name of the portal's countries and their neighbours
 * ("Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch" has 58 letters) with room to
 * spare; a longer "town" is a mistake or a test, and is told so (decision 028).
 */
export const maxCityLength = 85;

const normalise = (value: string) => value.normalize('NFC').trim();

/** Latin letters including accented ones (é, ß, ğ, ı, ø …); parts joined by a space, hyphen or apostrophe. */
const namePattern = /^\p{Script=Latin}+\.?(?:[ '’-]\p{Script=Latin}+\.?)*$/u;
const letters = (value: string) => (value.match(/\p{Script=Latin}/gu) ?? []).length;

export type NameProblem = 'required' | 'letters' | 'tooShort' | 'tooLong';

/** One name part: first name, last name. */
export function nameProblem(raw: string | undefined | null): NameProblem | null {
  const value = normalise(raw ?? '');
  if (!value) return 'required';
  if (value.length > maxNameLength) return 'tooLong';
  if (!namePattern.test(value)) return 'letters';
  if (value.split(/[ '’-]/).some((part) => letters(part) < 1) || letters(value) < 2) return 'tooShort';
  return null;
}

export type FullNameProblem = 'twoParts' | 'tooShort';

/** The full name: two parts (first and last name), more than 3 letters together. */
export function fullNameProblem(firstName: string, lastName: string): FullNameProblem | null {
  if (!normalise(firstName) || !normalise(lastName)) return 'twoParts';
  if (letters(firstName) + letters(lastName) <= 3) return 'tooShort';
  return null;
}

/** A company name: letters of any script, digits and the usual signs of legal forms (& . , - / '). */
export function companyNameProblem(raw: string | undefined | null): 'required' | 'format' | 'tooLong' | null {
  const value = normalise(raw ?? '');
  if (!value) return 'required';
  if (value.length > 120) return 'tooLong';
  if (!/^[\p{L}\p{N}][\p{L}\p{M}\p{N} &.,'’/+()-]*$/u.test(value) || letters(value) < 2) return 'format';
  return null;
}

/** Zip: letters, digits and spaces, more than 3 characters (spec 5); DE has five digits. */
export function zipProblem(raw: string | undefined | null, country: string): 'required' | 'format' | null {
  const value = normalise(raw ?? '');
  if (!value) return 'required';
  if (!/^[\p{L}\d ]+$/u.test(value) || value.length <= 3 || value.length > 10) return 'format';
  // The countries whose format is simple and fixed; others keep the general rule above.
  const fixed: Partial<Record<string, RegExp>> = {
    DE: /^\d{5}$/,
    AT: /^\d{4}$/,
    CH: /^\d{4}$/,
    NO: /^\d{4}$/,
    DK: /^\d{4}$/,
    SE: /^\d{3} ?\d{2}$/,
  };
  const pattern = fixed[country];
  if (pattern && !pattern.test(value)) return 'format';
  return null;
}

/** City: Latin letters, spaces, and the signs of place names ("Halle (Saale)", "St. Egidien", "Frankfurt/Oder"). */
export function cityProblem(raw: string | undefined | null): 'required' | 'format' | 'tooLong' | null {
  const value = normalise(raw ?? '');
  if (!value) return 'required';
  if (value.length > maxCityLength) return 'tooLong';
  if (!/^\p{Script=Latin}[\p{Script=Latin} .'’()/-]*$/u.test(value) || letters(value) < 2) return 'format';
  return null;
}

/** Street name: letters first, digits allowed inside ("Straße des 17. Juni"). */
export function streetProblem(raw: string | undefined | null): 'required' | 'format' | 'tooLong' | null {
  const value = normalise(raw ?? '');
  if (!value) return 'required';
  if (value.length > maxStreetLength) return 'tooLong';
  if (!/^[\p{Script=Latin}\d][\p{Script=Latin}\d .'’/-]*$/u.test(value) || letters(value) < 2) return 'format';
  return null;
}

/** House number: 1 to 4 digits and up to 2 letters (3a, 101, 12b, 7 bc). */
export function houseNumberProblem(raw: string | undefined | null): 'required' | 'format' | null {
  const value = normalise(raw ?? '');
  if (!value) return 'required';
  return /^\d{1,4} ?[a-zA-Z]{0,2}$/.test(value) ? null : 'format';
}

/** The house number as stored: without the space ("7 b" → "7b"). */
export function normaliseHouseNumber(raw: string): string {
  return normalise(raw).replace(' ', '');
}

/** A phone number: digits, an optional leading +, and the usual separators; 6 to 25 characters. */
export const phonePattern = /^\+?[0-9][0-9 ()/.-]{5,24}$/;
export function phoneProblem(raw: string | undefined | null): 'format' | null {
  const value = normalise(raw ?? '');
  if (!value) return null;
  return phonePattern.test(value) && (value.match(/\d/g) ?? []).length >= 6 ? null : 'format';
}

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in ISO form. */
export function isRealDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Birthday: a real date, at least 16 years back, not before 1900. */
export function birthdayProblem(
  value: string | undefined | null,
  today: string,
): 'format' | 'future' | 'tooOld' | null {
  if (!value) return null;
  if (!isRealDate(value)) return 'format';
  if (value < '1900-01-01') return 'tooOld';
  const latest = `${Number(today.slice(0, 4)) - 16}${today.slice(4)}`;
  if (value > latest) return 'future';
  return null;
}

/** Move date: a real date, at most two years back and one year ahead. */
export function moveDateProblem(
  value: string | undefined | null,
  today: string,
): 'required' | 'format' | 'range' | null {
  if (!value) return 'required';
  if (!isRealDate(value)) return 'format';
  const year = Number(today.slice(0, 4));
  if (value < `${year - 2}${today.slice(4)}` || value > `${year + 1}${today.slice(4)}`) return 'range';
  return null;
}

/** Today in the agency's time zone, as an ISO date (server/dates.ts is its one home). */
export { todayIso as todayInBerlin } from '../dates.ts';
