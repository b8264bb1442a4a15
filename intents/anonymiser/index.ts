/**
 * The anonymiser: what a debtor writes to the assistant is logged for staff review only after
 * every personal datum is replaced by a typed placeholder. Amounts and ordinary dates stay, so
 * that a reviewer still sees what was asked ("kann ich am 15.12. 50 € zahlen").
 *
 * Order matters: values known from the debtor's file first (exact, whatever their format), then
 * the data with a checksum or a fixed shape (e-mail, IBAN, card, national identity number),
 * then birth dates after a cue, phone numbers, reference and other long numbers, street
 * addresses, postal code with city, and names last.
 *
 * Libraries: ibantools (IBAN checksums), libphonenumber-js (is a digit run a possible phone
 * number in one of the variants' countries), personnummer (Swedish), @navikt/fnrvalidator
 * (Norwegian), @faker-js/faker's locale data as first- and last-name lists.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { LRUCache } from 'lru-cache';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import personnummer from 'personnummer';
import { fnr, dnr } from '@navikt/fnrvalidator';
import { isCommonWord, isFirstName, isLastName, isOrdinaryWord, looksLikeSurname } from './names.ts';
import { cues } from './cues.ts';
import { replaceAddresses, replaceResidence } from './addresses.ts';
import {
  caseless,
  CAP,
  escape,
  L,
  NB,
  NE,
  replaceAll,
  replaceBounded,
  replaceLoose,
  replaceWords,
  wordNeedle,
  looseNeedle,
  type BoundedPattern,
  type WordValue,
} from './patterns.ts';
import { isCity } from './places.ts';
import { ensureTagger } from './model.ts';
import { tag, tokenize } from './tagger.ts';

export type Placeholder =
  | '[NAME]'
  | '[ADDRESS]'
  | '[EMAIL]'
  | '[PHONE]'
  | '[IBAN]'
  | '[CARD]'
  | '[REFERENCE]'
  | '[NATIONAL_ID]'
  | '[BIRTHDATE]'
  | '[PASSWORD]'
  | '[NUMBER]';

/** What the portal knows of a signed-in debtor; removed first, in whatever format it was typed. */
export interface KnownValues {
  /** Whole names (a company, an account holder): each of their words is removed. */
  names?: readonly string[];
  /** First names: also removed as an initial before a surname ("A. Schneider"). */
  firstNames?: readonly string[];
  /** Surnames: also removed as an initial after a first name ("Anna S."). */
  lastNames?: readonly string[];
  /** Street with house number. */
  street?: string;
  /** The street's name alone ("Lindenallee"). */
  streetName?: string;
  zip?: string;
  city?: string;
  email?: string;
  phones?: readonly string[];
  iban?: string;
  ibans?: readonly string[];
  /** ISO date, YYYY-MM-DD. */
  birthDate?: string;
  references?: readonly string[];
}

const COUNTRIES: CountryCode[] = ['DE', 'AT', 'CH', 'SE', 'NO'];

/** A whole-word pattern of a known value (its boundaries checked outside the expression, see BoundedPattern). */
function bounded(core: string, flags: string, tail?: RegExp): BoundedPattern {
  return { core: new RegExp(core, flags), before: true, after: true, tail };
}

/** A known value to be found loosely written (replaceLoose's needle), when it is long enough to say something. */
function looseValue(value: string): string | undefined {
  const needle = looseNeedle(value);
  return [...needle].length >= 3 ? needle : undefined;
}

/** A name in the genitive: "Schneiders Konto", "Anna's". */
const genitive = /['’]?s/iuy;
/** An initial's full stop. */
const fullStop = /\./y;

function wordPattern(value: string, tail?: RegExp): WordValue | undefined {
  const trimmed = value.trim();
  if (trimmed.length < 2) return undefined;
  const folded = trimmed.replace(/ı/g, 'i').replace(/İ/g, 'I').normalize('NFD').replace(/\p{M}/gu, '');
  const spellings = [
    trimmed,
    folded,
    trimmed.replace(/ß/g, 'ss'),
    trimmed.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue'),
  ];
  return { needles: [...new Set(spellings.map(wordNeedle))], bounded: true, tail };
}

function birthDateFormats(iso: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return [];
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const dn = String(Number(d));
  const mn = String(Number(mo));
  return [
    iso,
    `${d}.${mo}.${y}`,
    `${dn}.${mn}.${y}`,
    `${d}/${mo}/${y}`,
    `${dn}/${mn}/${y}`,
    `${d}-${mo}-${y}`,
    `${y}${mo}${d}`,
    `${d}.${mo}.${y.slice(2)}`,
  ];
}

/**
 * A pattern, or the needle of a value found loosely written (a phone number, an IBAN, a reference), and
 * what it is replaced with; a debtor's replacements apply in their order.
 */
type Replacement = readonly [BoundedPattern | WordValue | string, Placeholder];

/**
 * The patterns of one debtor's known values, compiled once per conversation instead of once per
 * turn (issue 28: the patterns of some twenty-five values and a phone number's national form,
 * about 1 ms for a new debtor since BoundedPattern and replaceLoose, 30 ms before them).
 * Kept at most 30 minutes, about a conversation, and for at most a thousand debtors: they hold
 * the debtor's data, like the turn that uses them. A debtor's values are kept in two sets: all of
 * them, and those without a digit, which is all a text without a digit needs.
 */
const compiledKnown = new LRUCache<string, readonly Replacement[]>({ max: 2000, ttl: 30 * 60_000, ttlAutopurge: true });

const DIGIT = /\d/;

function knownReplacements(known: KnownValues, digits: boolean): readonly Replacement[] {
  const key = `${digits ? 'all' : 'no digit'} ${JSON.stringify(known)}`;
  let replacements = compiledKnown.get(key);
  if (replacements === undefined) {
    replacements = compileKnown(known, digits);
    compiledKnown.set(key, replacements);
  }
  return replacements;
}

/** A debtor's known values replaced; `digits` false leaves out those with a digit (exported for the tests that compare both). */
export function removeKnown(text: string, known: KnownValues, digits = DIGIT.test(text)): string {
  let out = text;
  // Most messages hold no digit (neither do the placeholders put in): the values written with
  // digits (phone numbers, IBANs, references, dates, postal codes, a street's number) cannot be
  // found in them, and are neither compiled nor tried. The patterns are shared by the debtor's
  // turns: replaceBounded starts each at the text's beginning.
  for (const [pattern, placeholder] of knownReplacements(known, digits))
    out =
      typeof pattern === 'string'
        ? replaceLoose(out, pattern, placeholder)
        : 'needles' in pattern
          ? replaceWords(out, pattern, placeholder)
          : replaceBounded(out, pattern, placeholder);
  return out;
}

/**
 * The replacements of a debtor's known values, in the order they apply. `digits` false: only the
 * values written without a digit (every pattern of a value with a digit needs that digit, so none
 * of them can match a text without one; the order of the others is the same).
 */
function compileKnown(known: KnownValues, digits: boolean): Replacement[] {
  const replacements: Replacement[] = [];
  const replace = (pattern: BoundedPattern | WordValue | string | undefined, placeholder: Placeholder) => {
    if (pattern) replacements.push([pattern, placeholder]);
  };
  const wanted = (value: string | undefined): value is string => !!value && (digits || !DIGIT.test(value));
  if (wanted(known.email)) replace({ needles: [wordNeedle(known.email)], bounded: false }, '[EMAIL]');
  for (const iban of [known.iban, ...(known.ibans ?? [])]) if (wanted(iban)) replace(looseValue(iban), '[IBAN]');
  for (const phone of known.phones ?? []) {
    // at least six digits: never wanted without digits
    if (phone.replace(/\D/g, '').length >= 6 && digits) {
      replace(looseValue(phone), '[PHONE]');
      // the national form of an international number (+49 171 … typed as 0171 …)
      const national = parsePhoneNumberFromString(phone, 'DE')?.nationalNumber;
      if (national) replace(looseValue(`0${national}`), '[PHONE]');
    }
  }
  const references = [...(known.references ?? [])].sort((a, b) => b.length - a.length);
  for (const reference of references) if (wanted(reference)) replace(looseValue(reference), '[REFERENCE]');
  if (wanted(known.birthDate))
    for (const format of birthDateFormats(known.birthDate)) replace(bounded(escape(format), 'gu'), '[BIRTHDATE]');
  if (wanted(known.street)) replace(wordPattern(known.street), '[ADDRESS]');
  if (wanted(known.streetName) && known.streetName.trim().length >= 4)
    replace(wordPattern(known.streetName), '[ADDRESS]');
  if (known.zip && known.city && wanted(`${known.zip} ${known.city}`))
    replace(wordPattern(`${known.zip} ${known.city}`), '[ADDRESS]');
  if (wanted(known.zip) && known.zip.length >= 4) replace(bounded(escape(known.zip), 'gu'), '[ADDRESS]');
  if (wanted(known.city)) replace(wordPattern(known.city), '[ADDRESS]');
  const firstNames = (known.firstNames ?? []).flatMap((n) => n.split(/\s+/));
  const lastNames = (known.lastNames ?? []).flatMap((n) => n.split(/[\s]+/));
  const names = [...(known.names ?? []), ...(known.firstNames ?? []), ...(known.lastNames ?? [])]
    .flatMap((n) => [n, ...n.split(/[\s,]+/)])
    .filter((n) => n.trim().length >= 2)
    .sort((a, b) => b.length - a.length);
  // a name, also in the genitive ("Schneiders Konto", "Anna's")
  for (const name of [...new Set(names)]) if (wanted(name)) replace(wordPattern(name, genitive), '[NAME]');
  // initials next to a known name: "A. Schneider", "A Schneider", "Anna S.", "S., Anna"
  const initials = (list: string[]) =>
    [...new Set(list.map((n) => n.trim()[0]?.toUpperCase() ?? '').filter((c) => /\p{Lu}/u.test(c)))]
      .map(escape)
      .join('');
  const firstInitials = initials(firstNames);
  const lastInitials = initials(lastNames);
  if (firstInitials)
    replace(
      {
        core: new RegExp(`[${firstInitials}${firstInitials.toLowerCase()}]\\.?\\s*\\[NAME\\]`, 'gu'),
        before: true,
        after: false,
      },
      '[NAME]',
    );
  if (lastInitials)
    replace(
      {
        core: new RegExp(`\\[NAME\\],?\\s+[${lastInitials}${lastInitials.toLowerCase()}]`, 'gu'),
        before: false,
        after: true,
        tail: fullStop,
      },
      '[NAME]',
    );
  return replacements;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const IBAN_LENGTHS: Record<string, number> = {
  DE: 22,
  AT: 20,
  CH: 21,
  LI: 21,
  SE: 24,
  NO: 15,
  DK: 18,
  FR: 27,
  IT: 27,
  ES: 24,
  NL: 18,
  BE: 16,
  PL: 28,
  TR: 26,
  GB: 22,
  LU: 20,
};

function isIbanLike(candidate: string): boolean {
  const electronic = electronicFormatIBAN(candidate) ?? '';
  if (isValidIBAN(electronic)) return true;
  // a mistyped IBAN of the right length for its country is still somebody's account
  const expected = IBAN_LENGTHS[electronic.slice(0, 2)];
  return expected !== undefined && electronic.length === expected;
}

/**
 * IBANs as typed: grouped by four, by other widths or not at all, and followed by anything. The
 * run of letters and digits after the country code is cut at the country's IBAN length, so that
 * "AT61 1904 3002 3457 3201 und" loses its IBAN and keeps its "und".
 */
function replaceIbans(text: string): string {
  const start = /(?<![\p{L}\p{N}])([A-Za-z]{2})(\d{2})/gu;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(start)) {
    if (m.index < last) continue;
    const country = m[1]!.toUpperCase();
    const length = IBAN_LENGTHS[country] ?? 0;
    if (length === 0) continue;
    let end = m.index;
    let count = 0;
    let electronic = '';
    while (end < text.length && count < length) {
      const ch = text[end]!;
      if (/[A-Za-z0-9]/.test(ch)) {
        electronic += ch;
        count += 1;
      } else if (!/[ -]/.test(ch) || !/[A-Za-z0-9]/.test(text[end + 1] ?? '')) break;
      end += 1;
    }
    if (count !== length || /[\p{N}]/u.test(text[end] ?? '')) continue;
    if (!isIbanLike(electronic) && !/^\d+$/.test(electronic.slice(4, 12))) continue;
    out += `${text.slice(last, m.index)}[IBAN]`;
    last = end;
  }
  return out + text.slice(last);
}

function isPossiblePhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  if (/^(?:\+|00)/.test(candidate.trim()))
    return parsePhoneNumberFromString(candidate.replace(/^00/, '+'))?.isPossible() ?? false;
  if (!candidate.trim().startsWith('0')) return false;
  return COUNTRIES.some((country) => parsePhoneNumberFromString(candidate, country)?.isPossible() ?? false);
}
const WEAK_NAME_CUE =
  /^(?:i am|i'm|soy|sono|je suis|ben|this is|hier ist|hier spricht|regards|cheers|saludos|saluti|lg|vg|mfg|hilsen|mvh)\b/i;

const PASSWORD_TRAILING = /[.,!?;)"“”'’»]+$/u;

/** A token that looks like a password rather than a word: a digit, a sign, or a capital inside. */
function passwordLike(token: string): boolean {
  return /\d/.test(token) || /[^\p{L}\p{N}]/u.test(token) || /.\p{Lu}/u.test(token);
}

/**
 * A password typed after a cue ("mein Passwort ist Demo-Pass1", "password: x", "şifrem Ankara1923").
 * After a linking verb or a colon whatever follows is the password, unless it is a word that says
 * something about the password ("ist falsch"); without one, only a token that looks like a password.
 */
const PASSWORD_AFTER_CUE = new RegExp(
  `(${NB}(?:${cues.password})${NE})((?:\\s*[:=]\\s*|\\s+(?:(?:${cues.passwordLink})(?:\\s*:)?\\s+)?)[„"'“‘«]?)([^\\s„"“”«»]+)`,
  'giu',
);

function replacePasswords(text: string): string {
  return replaceAll(text, PASSWORD_AFTER_CUE, (m) => {
    const [, cue, link, raw] = m as unknown as [string, string, string, string];
    const trailing = PASSWORD_TRAILING.exec(raw)?.[0] ?? '';
    const token = raw.slice(0, raw.length - trailing.length);
    if (token === '' || token.startsWith('[')) return undefined;
    if (cues.passwordStates.has(token.toLowerCase())) return undefined;
    const linked = /[:=]|\p{L}/u.test(link);
    if (!linked && !passwordLike(token)) return undefined;
    return `${cue}${link}[PASSWORD]${trailing}`;
  });
}

const ID_PART = '(?:[A-Za-z]{0,3}\\d[\\dA-Za-z]*)';

const NATIONAL_ID_AFTER_CUE = new RegExp(
  `(${NB}(?:${cues.nationalId})${NE}[\\s:#.-]*(?:(?:ist|lautet|sind|endet auf|is|are|ends with|es|son|termina en|est|sont|se termine par|è|sono|finisce con|e|är|slutar på|er|numaram|no|nr|nummer|number|número|numéro|numero)\\.?\\s*[:.]?\\s*)?)(${ID_PART}(?:[\\s./-]+(?:${ID_PART}|\\p{Lu}(?=[\\s./-]+\\d)))*)`,
  'giu',
);

const NATIONAL_ID_SHAPES = [
  // US social security, Spanish DNI and NIE, Italian codice fiscale, German social insurance,
  // French NIR, German identity card (nine characters with a digit)
  /(?<![\p{L}\p{N}])\d{3}-\d{2}-\d{4}(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])[A-Za-z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-Da-d](?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])\d{8}-?[A-Za-z](?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])[XYZxyz]-?\d{7}-?[A-Za-z](?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])[A-Za-z]{6}\d{2}[A-Za-z]\d{2}[A-Za-z]\d{3}[A-Za-z](?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])\d{2}\s?\d{6}\s?[A-Za-z]\s?\d{3}(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])[12]\s?\d{2}\s?\d{2}\s?\d{2}\s?\d{3}\s?\d{3}(?:\s?\d{2})?(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}(?![\p{L}\p{N}])/gu,
];

/** Identity-card, passport, tax and social-security numbers: after a cue, and the shapes of a few countries. */
function replaceNationalIds(text: string): string {
  let out = text.replace(NATIONAL_ID_AFTER_CUE, (_m, cue: string, value: string) =>
    value.replace(/\D/g, '').length >= 3 ? `${cue}[NATIONAL_ID]` : _m,
  );
  for (const shape of NATIONAL_ID_SHAPES) out = out.replace(shape, '[NATIONAL_ID]');
  return out;
}

/** The rules' patterns, made once (a turn anonymises every message; some alternations are long). */
const dateShape =
  '(?:\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\.?\\s+(?:de\\s+)?[\\p{L}]+\\.?\\s+(?:de\\s+)?\\d{4}|\\d{8})';
const nameWord = `(?:\\p{Lu}\\.\\s?)?[${L}][${L}'’-]*`;
const BIRTH_AFTER_CUE = new RegExp(
  `((?:${cues.birth})[\\s:,.]*(?:(?:is|ist|es|est|è|är|er|war|was|era)\\s+)?(?:(?:am|der|le|el|il|den|on|the|de)\\s+)?)${dateShape}`,
  'giu',
);
const BIRTH_AFTER_STAR = new RegExp(`(\\*\\s?)${dateShape}`, 'gu');
const BIRTH_BEFORE_VERB = new RegExp(
  `${NB}${dateShape}(?=\\s*(?:'de|’de|'te|’te)?\\s+(?:${cues.bornAfter})${NE})`,
  'giu',
);
const PHONE_AFTER_CUE = new RegExp(
  `((?:${cues.phone})[\\s:.,-]*(?:(?:ist|is|es|est|e|är|er)\\s+)?)\\+?[\\d][\\d\\s()./-]{5,}\\d`,
  'giu',
);
const REFERENCE_AFTER_CUE = new RegExp(`((?:${cues.reference})[\\s:.#-]*)\\d{4,}(?:[-/]\\d{1,2})?`, 'giu');
const NAME_AFTER_CUE = new RegExp(
  `(${NB}(?:${cues.nameBefore}|${cues.relation})${NE}[\\s:,]*(?:(?:ist|is|es|est|è|är|er|heißt|heisst|called|named)\\s+)?(?:(?:Herr|Frau|Dr|Prof|Mr|Mrs|Ms|Me|Maître|Maitre|Avv|Av|Sr|Sra|Sig|Bay|Bayan)\\.?\\s+)?)(${nameWord}(?:\\s+${nameWord}){0,3})`,
  'giu',
);
const NAME_AFTER_TITLE = new RegExp(`((?:${cues.title})\\.?\\s+)(${CAP}(?:\\s+${CAP}){0,2})`, 'gu');
const NAME_AT_END = new RegExp(
  `(${NB}(?:${caseless(cues.nameBefore)}|${caseless(cues.thanks)})${NE}[\\s,:!.-]*)(${CAP}(?:[\\s-]${CAP}){0,2})([\\s.!]*)$`,
  'u',
);
const NAME_PAIR = new RegExp(`(?<![\\p{L}])(${CAP})(?:\\s+(${CAP}))?\\s+(${CAP})(?![\\p{L}])`, 'gu');
const FIRST_NAME_BEFORE_NAME = new RegExp(`(?<![\\p{L}])(${CAP})\\s+\\[NAME\\]`, 'gu');

export function anonymise(text: string, known: KnownValues = {}, options: { tagger?: boolean } = {}): string {
  let out = removeKnown(text, known);
  out = replacePasswords(out);

  // e-mail addresses
  out = out.replace(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu, '[EMAIL]');
  out = out.replace(
    /[\p{L}\p{N}._%+-]+\s?(?:\(at\)|\[at\]| at )\s?[\p{L}\p{N}-]+\s?(?:\.|\(dot\)|\[dot\]| dot )\s?[\p{L}]{2,}/giu,
    '[EMAIL]',
  );

  // IBANs (checksum, or the right length for the country)
  out = replaceIbans(out);

  // card numbers: 13–19 digits, grouped or not, Luhn-valid
  out = replaceAll(out, /(?<![\p{N}])\d(?:[ -]?\d){12,18}(?![\p{N}])/gu, (m) =>
    luhnValid(m[0].replace(/\D/g, '')) ? '[CARD]' : undefined,
  );

  // Swedish personnummer (YYMMDD-NNNN, YYYYMMDD-NNNN, also with +) and samordningsnummer
  out = replaceAll(out, /(?<![\p{N}])(\d{2})?(\d{2})(\d{2})(\d{2})\s?([-+])\s?(\d{4})(?![\p{N}])/gu, (m) => {
    const month = Number(m[3]);
    const day = Number(m[4]) > 60 ? Number(m[4]) - 60 : Number(m[4]);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? '[NATIONAL_ID]' : undefined;
  });
  out = replaceAll(out, /(?<![\p{N}])(?:\d{12}|\d{10})(?![\p{N}])/gu, (m) =>
    personnummer.valid(m[0]) ? '[NATIONAL_ID]' : undefined,
  );
  // Norwegian fødselsnummer / d-nummer: DDMMYY NNNNN
  out = replaceAll(out, /(?<![\p{N}])(\d{2})(\d{2})(\d{2})\s?(\d{5})(?![\p{N}])/gu, (m) => {
    const digits = `${m[1]}${m[2]}${m[3]}${m[4]}`;
    if (fnr(digits).status === 'valid' || dnr(digits).status === 'valid') return '[NATIONAL_ID]';
    const day = Number(m[1]) > 40 ? Number(m[1]) - 40 : Number(m[1]);
    const month = Number(m[2]);
    // spaced like on the ID card, with a valid birth date: the shape alone is enough
    return /\s/.test(m[0]) && month >= 1 && month <= 12 && day >= 1 && day <= 31 ? '[NATIONAL_ID]' : undefined;
  });

  out = replaceNationalIds(out);

  // dates of birth: a date after a cue ("geboren am", "date of birth", "född") or "(*12.03.1985)"
  out = out.replace(BIRTH_AFTER_CUE, '$1[BIRTHDATE]');
  out = out.replace(BIRTH_AFTER_STAR, '$1[BIRTHDATE]');
  // a date before the verb of birth: "ich bin am 3. März 1985 geboren", "1985-03-03 doğdum"
  out = out.replace(BIRTH_BEFORE_VERB, '[BIRTHDATE]');

  // phone numbers: international or trunk-prefixed digit runs that the phone library accepts
  out = replaceAll(
    out,
    /(?:\+|(?<![\p{L}\p{N}])00|(?<![\p{L}\p{N}.,])0)\d{1,4}(?:[\s./-]?\(0\))?(?:[\s./-]?\d){5,13}(?![\p{N}])/gu,
    (m) => {
      // a plain date ("01/12/2026", "01.10.2026", "01-10-2026") is no phone number
      if (/^\d{1,2}([./-])\d{1,2}\1\d{2,4}$/.test(m[0])) return undefined;
      return isPossiblePhone(m[0]) ? '[PHONE]' : undefined;
    },
  );
  // a number after a phone cue, whatever its shape
  out = out.replace(PHONE_AFTER_CUE, '$1[PHONE]');

  // reference numbers (nine digits, with a subcase) and any other long number
  out = out.replace(/(?<![\p{L}\p{N}.,])\d{9}(?:[-/]\d{1,2})?(?![\p{N}])/gu, '[REFERENCE]');
  out = out.replace(REFERENCE_AFTER_CUE, '$1[REFERENCE]');
  out = out.replace(/(?<![\p{L}\p{N}.,])\d{7,}(?![\p{N}])/gu, '[NUMBER]');

  out = replaceAddresses(out);
  out = replaceResidence(out);

  // names: after a cue ("mein Name ist", "my name is", "me llamo", "Herr", "Grüße"),
  // then first name + surname pairs from the name lists
  const inLists = (word: string) => isFirstName(word) || isLastName(word);
  // a word written in lower case that debtors use as an ordinary word ("del", "mia", "está") starts
  // no name, even when some name list holds it
  const lowerOrdinary = (word: string) => !/^\p{Lu}/u.test(word) && isCommonWord(word);
  const startsName = (word: string) =>
    cues.stopWords.has(word.toLowerCase())
      ? false
      : inLists(word)
        ? !lowerOrdinary(word)
        : /^\p{Lu}/u.test(word) && !isOrdinaryWord(word);
  for (let pass = 0; pass < 2; pass++)
    out = replaceAll(out, NAME_AFTER_CUE, (m) => {
      const words = (m[2] ?? '').split(/\s+/);
      // After a weak cue ("I am", "soy", "ben") only a word of the name lists starts a name; after
      // any other a name-list word or a capitalised word that is no ordinary word ("seit" is none).
      if (
        WEAK_NAME_CUE.test((m[1] ?? '').trim())
          ? !(inLists(words[0]!) && !lowerOrdinary(words[0]!))
          : !startsName(words[0]!)
      )
        return undefined;
      const kept: string[] = [];
      for (const word of words) {
        if (cues.stopWords.has(word.toLowerCase())) break;
        if (kept.length > 0 && !/^\p{Lu}/u.test(word) && (!inLists(word) || isCommonWord(word))) break;
        if (kept.length > 0 && /^\p{Lu}/u.test(word) && isCommonWord(word) && !inLists(word)) break;
        kept.push(word);
      }
      if (kept.length === 0) return undefined;
      const rest = words.slice(kept.length).join(' ');
      return `${m[1]}[NAME]${rest ? ` ${rest}` : ''}`;
    });
  // a title with up to three names after it ("Mme Nguyen Thi Lan"), up to a word that ends a name
  out = replaceAll(out, NAME_AFTER_TITLE, (m) => {
    const words = m[2]!.split(/\s+/);
    const end = words.findIndex((word, i) => i > 0 && cues.stopWords.has(word.toLowerCase()));
    const name = end === -1 ? words : words.slice(0, end);
    return `${m[1]}[NAME]${m[2]!.slice(name.join(' ').length)}`;
  });
  // the writer's name at the very end, after a closing or thanks: "LG Tobi", "Thanks, Grace"
  out = replaceAll(out, NAME_AT_END, (m) =>
    m[2]!.split(/[\s-]/).some((word) => isOrdinaryWord(word) || cues.stopWords.has(word.toLowerCase()))
      ? undefined
      : `${m[1]}[NAME]${m[3]}`,
  );
  out = replaceAll(out, NAME_PAIR, (m) => {
    // A capitalised word may end in a dot (an initial, "J."); at the end of a sentence ("ich bin
    // Jonas Becker.") that dot is punctuation: the surname is checked without it and the dot kept.
    const [first, middle, lastWord] = [m[1]!, m[2], m[3]!];
    const split = (word: string) =>
      word.length > 2 && word.endsWith('.') ? ([word.slice(0, -1), '.'] as const) : ([word, ''] as const);
    const isSurname = (word: string) => isLastName(word) || looksLikeSurname(word);
    if (!isFirstName(first)) return undefined;
    if (middle && !isFirstName(middle) && !isLastName(middle)) {
      // "Jonas Becker. Danke": the name ends with the sentence; the next word is not part of it.
      const [surname, stop] = split(middle);
      const rest = m[0].slice(m[0].indexOf(middle, first.length) + middle.length);
      return stop && isSurname(surname) ? `[NAME]${stop}${rest}` : undefined;
    }
    const [last, stop] = split(lastWord);
    return isSurname(last) ? `[NAME]${stop}` : undefined;
  });
  // a name list's first name directly before [NAME] (the surname was known from the file)
  out = replaceAll(out, FIRST_NAME_BEFORE_NAME, (m) => (isFirstName(m[1]!) ? '[NAME]' : undefined));
  out = joinNames(out);
  return options.tagger === false ? out : joinNames(applyTagger(out));
}

const PARTICLES = 'von|vom|van|der|den|de|del|della|di|da|du|des|dos|al|el|bin|ibn|zu|ter|ten|la|le';
const NAME_PARTICLE_NAME = new RegExp(`\\[NAME\\]\\s+(?:${PARTICLES})\\s+(?:\\[NAME\\]|\\p{Lu}[\\p{L}'’-]+)`, 'gu');

/** One placeholder for one name: "[NAME] [NAME]", "[NAME] von [NAME]", "[NAME] von Alvensleben". */
function joinNames(text: string): string {
  return text
    .replace(NAME_PARTICLE_NAME, (match) => {
      // "[NAME] von Ihrer Firma", "[NAME] von Beruf": a particle before an everyday word joins no name
      const last = /\S+$/.exec(match)![0];
      return last === '[NAME]' || !isOrdinaryWord(last) ? '[NAME]' : match;
    })
    .replace(/\[NAME\](?:\s+\[NAME\])+/g, '[NAME]');
}

/**
 * The learned token classifier after the rules (decision 067): it labels what the rules left;
 * neighbouring words of one label become one placeholder ("Ahmed Benali" → "[NAME]").
 */
function applyTagger(text: string): string {
  const tokens = tokenize(text);
  if (tokens.length === 0) return text;
  const labels = tag(ensureTagger(), tokens);
  let out = '';
  let last = 0;
  for (let i = 0; i < tokens.length; i++) {
    const label = labels[i]!;
    if (label === 'O') continue;
    // a bare number is a name never; an amount is no address
    if (label === 'NAME' && !/\p{L}/u.test(tokens[i]!.text)) continue;
    // a language written small ("I speak german", "parlo tedesco") names no one
    if (label === 'NAME' && cues.languages.has(tokens[i]!.text)) continue;
    // a word of the debtors' everyday vocabulary in small letters, alone, is neither name nor
    // place ("only a little"); names of the lists and cities are no everyday words
    if (
      (label === 'NAME' || label === 'ADDRESS') &&
      labels[i + 1] !== label &&
      (i === 0 || labels[i - 1] !== label) &&
      /^\p{Ll}+$/u.test(tokens[i]!.text) &&
      isOrdinaryWord(tokens[i]!.text) &&
      !isCity(tokens[i]!.text)
    )
      continue;
    // the whole part of an amount ("79" of "79,90") is never a datum
    if (/^\d+$/.test(tokens[i]!.text) && /^[.,]\d/.test(text.slice(tokens[i]!.end))) continue;
    let j = i;
    while (j + 1 < tokens.length && labels[j + 1] === label) j++;
    // a day of the month alone ("ab dem 1.", Turkish "15'inde" with its case ending) is no datum
    if (j === i && /^\d{1,2}(?:['’]\p{Ll}{1,6})?$/u.test(tokens[i]!.text)) continue;
    out += `${text.slice(last, tokens[i]!.start)}[${label}]`;
    // a suffix after an apostrophe stays ("Köln'de" → "[ADDRESS]'de")
    const lastToken = tokens[j]!.text;
    const apostrophe = /['’]\p{Ll}{1,4}$/u.exec(lastToken);
    last = tokens[j]!.end - (apostrophe ? apostrophe[0].length : 0);
    i = j;
  }
  out += text.slice(last);
  return out.replace(/\[NAME\](?:\s+\[NAME\])+/g, '[NAME]');
}
