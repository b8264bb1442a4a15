/**
 * The printable forms of the download center and the online disputes (spec 2.1
 * /download-center/{customForm}, section 3 "Download form fields", section 5 validation).
 *
 * Pure zod: the route uses the same schema in the browser (conform) and on the server. Every
 * message is a translation key in the `documents` namespace.
 */
import { z } from 'zod';
import { todayIso as todayIsoDate } from '../dates.ts';
import { maxFiles } from '../uploads/rules.ts';

/** The forms, spelled as in the spec's route table ("recieved" included). */
export const formKinds = ['mandate', 'goods-not-recieved', 'goods-return', 'identity-theft'] as const;
export type FormKind = (typeof formKinds)[number];

export function isFormKind(value: unknown): value is FormKind {
  return typeof value === 'string' && (formKinds as readonly string[]).includes(value);
}

/** Reasons a debtor can object online; "not my debt" has no printed form of its own. */
export const disputeReasons = ['notMyDebt', 'goodsNotReceived', 'goodsReturned', 'identityTheft'] as const;
export type DisputeReason = (typeof disputeReasons)[number];

/** Which online dispute belongs to a form page; the mandate is no dispute. */
export const disputeOfForm: Record<FormKind, DisputeReason | null> = {
  mandate: null,
  'goods-not-recieved': 'goodsNotReceived',
  'goods-return': 'goodsReturned',
  'identity-theft': 'identityTheft',
};

/** Disputes that are only taken with at least one piece of evidence (return receipt, police report). */
export const evidenceRequired: Record<DisputeReason, boolean> = {
  notMyDebt: false,
  goodsNotReceived: false,
  goodsReturned: true,
  identityTheft: true,
};

// ---------------------------------------------------------------------------------------------
// Field rules (section 5)
// ---------------------------------------------------------------------------------------------

/** Latin letters with their accents (À–ž, Latin Extended), plus the marks found inside names. */
const latinName = /^[\p{Script=Latin}][\p{Script=Latin}\p{M} .'’-]*$/u;

const required = (message = 'errors.required') => z.string({ error: message }).trim().min(1, message);

/**
 * First and last name: Latin and accented letters only. Section 5 asks for "length over 3";
 * applied to a single name part that would refuse real names (Li, Ek, Oz), so each part needs two
 * letters and the whole name (first + last) is always longer than three.
 */
const namePart = required()
  .max(60, 'errors.name.tooLong')
  .regex(latinName, 'errors.name.letters')
  .min(2, 'errors.name.tooShort');

/** A full name (the attorney of a mandate): Latin letters, longer than 3, at least two parts. */
const fullName = required()
  .max(120, 'errors.name.tooLong')
  .regex(latinName, 'errors.name.letters')
  .min(4, 'errors.name.tooShort')
  .refine((value) => value.split(/\s+/).filter((part) => part.length > 0).length >= 2, 'errors.fullName.twoParts');

/** Street name without the number: letters, digits for "Straße 7"-style names, common marks. */
const street = required()
  .max(80, 'errors.street.tooLong')
  .regex(/^[\p{Script=Latin}\p{M}0-9][\p{Script=Latin}\p{M}0-9 .,'’/()-]*$/u, 'errors.street.letters')
  .min(3, 'errors.street.tooShort');

/**
 * Street number (section 5): 1 to 4 digits, optionally 1 or 2 letters, optionally a range or a
 * second number of up to 3 digits ("14", "3a", "12 b", "12-14", "7/1").
 */
// The range mark is an alternation, not a class: the browser compiles the pattern attribute with
// the v flag, where "-" and "/" inside a class must be escaped (and ESLint calls the escape needless).
export const streetNumberPattern = /^\d{1,4} ?[A-Za-z]{0,2}(?: ?(?:-|\/) ?\d{1,3}[A-Za-z]?)?$/;
const streetNumber = required().regex(streetNumberPattern, 'errors.streetNumber.format');

/** Zip (section 5): letters, digits and spaces, longer than 3 ("50968", "1010", "SE 114 55" → digits). */
export const zipPattern = /^(?=.*\d)[A-Za-z0-9 ]{4,10}$/;
const zip = required().regex(zipPattern, 'errors.zip.format');

const city = required()
  .max(60, 'errors.city.tooLong')
  .regex(/^[\p{Script=Latin}\p{M}][\p{Script=Latin}\p{M} .'’()/-]*$/u, 'errors.city.letters')
  .min(2, 'errors.city.tooShort');

const email = z.email({ error: 'errors.email.format' }).max(120, 'errors.email.format');

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validIso = (value: string) =>
  isoDate.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** A date of birth: a real date, not in the future, not before 1900. */
function born(today: string) {
  return required()
    .refine(validIso, 'errors.date.format')
    .refine((value) => !validIso(value) || value >= '1900-01-01', 'errors.born.tooEarly')
    .refine((value) => !validIso(value) || value <= today, 'errors.born.tooLate');
}

/** The day the goods went back: a real date, not in the future, within the last five years. */
function returnDate(today: string) {
  const fiveYearsAgo = `${Number(today.slice(0, 4)) - 5}${today.slice(4)}`;
  return required()
    .refine(validIso, 'errors.date.format')
    .refine((value) => !validIso(value) || value <= today, 'errors.dateGoodsReturn.future')
    .refine((value) => !validIso(value) || value >= fiveYearsAgo, 'errors.dateGoodsReturn.tooEarly');
}

/** Today in the agency's time zone (not the UTC day, which lags behind after midnight in Berlin). */
export { todayIsoDate };

/** The debtor's own data, on every form (the authorizer on the mandate). */
function personFields(today: string, bornRequired: boolean) {
  return {
    firstName: namePart,
    lastName: namePart,
    born: bornRequired ? born(today) : born(today).optional(),
    street,
    streetNumber,
    zip,
    city,
    email: email.optional(),
  };
}

/** One schema per form; `today` (ISO date) fixes the date rules, for reproducible tests. */
export function downloadFormSchema(form: FormKind, today = todayIsoDate()) {
  switch (form) {
    case 'mandate':
      return z.object({
        ...personFields(today, true),
        attorneyFullName: fullName,
        attorneyStreet: street,
        attorneyStreetNumber: streetNumber,
        attorneyZip: zip,
        attorneyCity: city,
        attorneyEmail: email.optional(),
      });
    case 'goods-not-recieved':
      return z.object(personFields(today, false));
    case 'goods-return':
      return z.object({ ...personFields(today, false), dateGoodsReturn: returnDate(today) });
    case 'identity-theft':
      return z.object(personFields(today, true));
  }
}

export type DownloadFormValues = {
  firstName: string;
  lastName: string;
  born?: string | undefined;
  street: string;
  streetNumber: string;
  zip: string;
  city: string;
  email?: string | undefined;
  dateGoodsReturn?: string | undefined;
  attorneyFullName?: string | undefined;
  attorneyStreet?: string | undefined;
  attorneyStreetNumber?: string | undefined;
  attorneyZip?: string | undefined;
  attorneyCity?: string | undefined;
  attorneyEmail?: string | undefined;
};

/** The debtor's own fields, which every form starts with, in the order the page and the PDF show them. */
const personFieldOrder = [
  'firstName',
  'lastName',
  'born',
  'street',
  'streetNumber',
  'zip',
  'city',
  'email',
] as const satisfies ReadonlyArray<keyof DownloadFormValues>;

/** The fields of each form, in the order the page and the PDF show them. */
export const formFields: Record<FormKind, ReadonlyArray<keyof DownloadFormValues>> = {
  mandate: [
    ...personFieldOrder,
    'attorneyFullName',
    'attorneyStreet',
    'attorneyStreetNumber',
    'attorneyZip',
    'attorneyCity',
    'attorneyEmail',
  ],
  'goods-not-recieved': personFieldOrder,
  'goods-return': [...personFieldOrder, 'dateGoodsReturn'],
  'identity-theft': personFieldOrder,
};

// ---------------------------------------------------------------------------------------------
// Online dispute
// ---------------------------------------------------------------------------------------------

/**
 * The online dispute form. Evidence arrives as ids of uploads the server has already received
 * and judged by content (server/uploads/: JPG, PNG, PDF, TIF, 10 MB each and together); the
 * schema only asks for at least one where the dispute needs proof.
 */
/** The longest statement of an online objection (characters). */
export const maxStatementLength = 4000;

export function disputeSchema(reason: DisputeReason, today = todayIsoDate()) {
  const uploadIds = z
    .array(z.coerce.number().int().positive(), { error: 'errors.evidence.required' })
    .max(maxFiles, 'errors.evidence.tooMany');
  return z.object({
    reason: z.literal(reason),
    statement: required('errors.statement.required')
      .min(20, 'errors.statement.tooShort')
      .max(maxStatementLength, 'errors.statement.tooLong'),
    dateGoodsReturn: reason === 'goodsReturned' ? returnDate(today) : z.undefined().optional(),
    uploadId: evidenceRequired[reason] ? uploadIds.min(1, 'errors.evidence.required') : uploadIds.default([]),
    confirm: z.literal('on', { error: 'errors.confirm.required' }),
  });
}

export type DisputeValues = z.infer<ReturnType<typeof disputeSchema>>;
