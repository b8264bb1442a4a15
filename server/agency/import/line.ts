/**
 * One line of a letter batch (issue 29, decision 096): a whole file as the agency's core system
 * holds it, with its debtor (by the agency's own debtor key) and its creditors (by name). The
 * batch is NDJSON, one such document a line; every line is read by this schema, and what it
 * refuses is reported by line number and field and never stops the batch.
 *
 * Money is in minor units (integers); dates are YYYY-MM-DD. A field left out takes the portal's
 * default (the flags) or is empty (null): each line is the file's whole state, so a field left out
 * of a later batch is cleared, as a PUT would.
 */
import { z } from 'zod';
import { agencyCostKinds, legalBasisCodes } from '../../claims/costs.ts';
import { agencyEventKinds, letterKinds } from '../../claims/file-history.ts';
import * as t from '../../db/schema.ts';
import { variantIds, type VariantId } from '../../variants/config.ts';
import { parseReference } from '../reference.ts';

/** The most of one amount: three of them must still add up within the database's integer. */
export const maxAmountMinor = 500_000_000;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => text(max).nullable().default(null);
const isoDate = z.iso.date();
const amount = z.number().int().min(0).max(maxAmountMinor);
/** A personal identity number as the bank identities answer it: Norway's 11 digits, Sweden's 12. */
const personalNumberDigits = new Set([11, 12]);
const country = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .describe('ISO 3166-1 alpha-2 country code (DE, AT, CH, SE, NO, …).');

export const importDebtor = z
  .object({
    key: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .describe(
        'The agency’s own id of the debtor: every line with this key is the same debtor (their files share one sign-in).',
      ),
    salutation: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('1 Mr, 2 Ms, 3 company.'),
    personType: z.enum(['person', 'company']).default('person').describe('A person or a company.'),
    companyName: optionalText(200).describe('The company’s name (needed for a company).'),
    firstName: optionalText(100).describe('First name(s) of a person.'),
    lastName: optionalText(100).describe('Last name of a person (needed for a person).'),
    birthdate: isoDate.nullable().default(null).describe('Birthdate of a person (YYYY-MM-DD).'),
    streetName: text(200).describe('Street of the postal address.'),
    houseNumber: text(20).describe('House number.'),
    postalCode: text(20).describe('Postal code.'),
    city: text(100).describe('Town or city.'),
    countryCode: country,
    email: z
      .email()
      .max(254)
      .nullable()
      .default(null)
      .describe('E-mail address; when left out, one the debtor gave in the portal is kept.'),
    phone: optionalText(40).describe('Landline phone number.'),
    mobile: optionalText(40).describe('Mobile phone number.'),
    preferredLanguage: z
      .string()
      .regex(/^[a-z]{2}$/)
      .nullable()
      .default(null)
      .describe('The language the debtor prefers (ISO 639-1, e.g. de, en, tr).'),
    matchcode: optionalText(40).describe(
      'The agency’s search name for the debtor (matchcode), as its letters print it.',
    ),
    personalNumber: z
      .string()
      .regex(/^[0-9 -]+$/)
      .refine((value) => personalNumberDigits.has(value.replace(/\D/g, '').length), '11 or 12 digits')
      .nullable()
      .default(null)
      .describe(
        'For the bank-identity sign-in: the Swedish personnummer with its century (12 digits, YYYYMMDDNNNN) or the Norwegian fødselsnummer (11 digits); spaces and hyphens are ignored. Write-only: the portal keeps a keyed hash of it and answers null; null or left out keeps the one it has.',
      ),
  })
  .strict()
  .superRefine((debtor, ctx) => {
    if (debtor.personType === 'company' && !debtor.companyName)
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'a company needs its name' });
    if (debtor.personType === 'person' && !debtor.lastName)
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'a person needs a last name' });
  })
  .meta({ id: 'ImportDebtor', description: 'The debtor of the file, known by the agency’s own key.' });

const importCreditor = z
  .object({
    name: text(200).describe('The creditor’s name: the portal finds the creditor by it.'),
    street: text(200).describe('Street and number.'),
    postalCode: text(20).describe('Postal code.'),
    city: text(100).describe('Town or city.'),
    country,
  })
  .strict()
  .meta({
    id: 'ImportCreditor',
    description:
      'A creditor, found by name: made with this address when the portal does not know it yet, else moved to it (the last line naming the creditor wins).',
  });

/** The most cost lines one file itemises. */
export const maxCostLines = 20;

const importCostLine = z
  .object({
    kind: z.enum(agencyCostKinds).describe('The kind of cost; the portal names it in the debtor’s language.'),
    amountMinor: amount.refine((value) => value > 0, 'more than 0').describe('The cost in minor units.'),
    legalBasis: z
      .enum(legalBasisCodes)
      .describe('The legal basis it is charged on, as a code the portal names in the debtor’s language.'),
    vatIncluded: z.boolean().default(false).describe('The amount includes VAT.'),
  })
  .strict()
  .meta({
    id: 'ImportCostLine',
    description:
      'One collection cost with its kind, amount and legal basis, as the debtor must be told them (RDG § 13a).',
  });

/** The most entries of a file's history one line gives. */
export const maxHistoryEntries = 100;

const importHistoryEntry = z
  .object({
    on: isoDate.describe('The day it happened (YYYY-MM-DD).'),
    kind: z
      .enum(agencyEventKinds)
      .describe('`handedOver`: the creditor handed the claim over for collection; `letterSent`: a letter was sent.'),
    letter: z
      .enum(letterKinds)
      .nullable()
      .default(null)
      .describe('Which letter (`letterSent` only): the first notice, a reminder or the final reminder.'),
  })
  .strict()
  .superRefine((entry, ctx) => {
    if ((entry.kind === 'letterSent') !== (entry.letter !== null))
      ctx.addIssue({ code: 'custom', path: ['letter'], message: 'a letter belongs to `letterSent`, and only to it' });
  })
  .meta({ id: 'ImportHistoryEntry', description: 'One event of the file’s history in the agency’s system.' });

export const importLine = z
  .object({
    reference: z
      .string()
      .refine((value) => parseReference(value) !== null, 'nine digits, `-<subcase>` from 1 when not 1')
      .describe('The reference number, with `-<subcase>` when the subcase is not 1 (e.g. `100000123-2`).'),
    variant: z
      .enum(variantIds as [VariantId, ...VariantId[]])
      .describe('The portal variant (country and brand) the file is shown in.'),
    currency: z.enum(['EUR', 'CHF', 'SEK', 'NOK']).describe('The currency of every amount of the file.'),
    debtor: importDebtor,
    creditor: importCreditor,
    originalCreditor: importCreditor
      .nullable()
      .default(null)
      .describe('The original creditor when the claim was sold or assigned.'),
    statusCode: z.enum(t.statusCodes).describe('The status code of spec section 4.2.'),
    subState: z.enum(t.subStates).nullable().default(null).describe('The sub-state of status 2, else null.'),
    statusDate: isoDate.describe('Since when the status holds (YYYY-MM-DD).'),
    claimSubject: text(500).describe('What the claim is for, in the creditor’s words.'),
    subjectKey: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/)
      .nullable()
      .default(null)
      .describe('What the claim is for as a code of the subject catalogue (decision 029), e.g. `purchase`.'),
    subjectParams: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/), z.string().max(200))
      .nullable()
      .default(null)
      .describe('The subject code’s parameters, e.g. `{"goods":"clothing","order":"4471-2291"}`.'),
    contractDate: isoDate.nullable().default(null).describe('The date of the contract the claim arose from.'),
    mainClaimMinor: amount.describe('The main claim in minor units.'),
    interestMinor: amount.default(0).describe('Interest so far in minor units.'),
    costsMinor: amount.default(0).describe('Collection costs in minor units.'),
    costLines: z
      .array(importCostLine)
      .max(maxCostLines)
      .nullable()
      .default(null)
      .describe(
        'The collection costs one by one, adding up to at most `costsMinor` (the rest is the portal’s own agreement fees, or costs not itemised, which the debtor is told are not). A list replaces the lines the file had; null or left out keeps them. The portal’s agreement fees (`instalmentFee`, `settlementFee`) are its own and stay.',
      ),
    paymentsMinor: amount.default(0).describe('Payments already booked in minor units.'),
    history: z
      .array(importHistoryEntry)
      .max(maxHistoryEntries)
      .nullable()
      .default(null)
      .describe(
        'The file’s history in the agency’s system, shown to the debtor with what they did in the portal: when the claim was handed over and each letter sent. A list replaces the one the file had (kept in date order); null or left out keeps it. What the debtor did in the portal is the portal’s own and stays.',
      ),
    interestRateBp: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .nullable()
      .default(null)
      .describe('Yearly interest rate in basis points (500 is 5 %).'),
    interestBasis: optionalText(100).describe('How the interest is calculated (e.g. `statutoryDefault`).'),
    interestFrom: isoDate.nullable().default(null).describe('Since when interest runs.'),
    hasVideo: z.boolean().default(false).describe('The file shows the explanatory video.'),
    showEventHistory: z.boolean().default(true).describe('The debtor sees the file’s event history.'),
    showUploadCenter: z.boolean().default(false).describe('The debtor sees the upload centre.'),
    letterLinkIsFullLogin: z.boolean().default(false).describe('A letter link signs in with the full login.'),
    instalmentErrorCode: z
      .number()
      .int()
      .min(1)
      .max(6)
      .nullable()
      .default(null)
      .describe('Why instalments are refused (spec section 8, 1 to 6); null when they may be offered.'),
    depositRequiredMinor: amount.nullable().default(null).describe('A deposit required before a plan, in minor units.'),
    functionsBlocked: z.boolean().default(false).describe('Debtor actions are refused (a phone number is shown).'),
    legalBlocking: z.boolean().default(false).describe('Legally blocked: the file is not reachable in the portal.'),
    addressTraced: z.boolean().default(false).describe('The address was traced (its costs are in the claim).'),
  })
  .strict()
  .superRefine((line, ctx) => {
    if (line.subState !== null && line.statusCode !== '2')
      ctx.addIssue({ code: 'custom', path: ['subState'], message: 'a sub-state belongs to status 2 only' });
    if (line.paymentsMinor > line.mainClaimMinor + line.interestMinor + line.costsMinor)
      ctx.addIssue({ code: 'custom', path: ['paymentsMinor'], message: 'more than the claim' });
    const itemised = (line.costLines ?? []).reduce((sum, cost) => sum + cost.amountMinor, 0);
    if (itemised > line.costsMinor)
      ctx.addIssue({ code: 'custom', path: ['costLines'], message: 'more than costsMinor' });
  })
  .meta({
    id: 'ImportLine',
    description:
      'One line of a letter batch (NDJSON): a whole file with its debtor and creditors. Each line is the file’s whole state: the file is made, or updated to it.',
  });

export type ImportLine = z.output<typeof importLine>;
export type ImportDebtor = z.output<typeof importDebtor>;
export type ImportLineInput = z.input<typeof importLine>;
export type ImportDebtorInput = z.input<typeof importDebtor>;

/** What the report says of a refused line: each field that was wrong (dotted path) and why. */
export interface LineIssue {
  path: string;
  message: string;
}

/** `\uD800`–`\uDBFF` not followed by `\uDC00`–`\uDFFF`, or the second without the first. */
const loneSurrogateEscape =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

/**
 * Why a JSON text cannot be stored as it is, or null: PostgreSQL's text holds no NUL character and
 * its JSON no half of a surrogate pair, raw or escaped. Such a line (or an API body) is refused
 * before it reaches the database, not by the merge of its chunk.
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000') || /\\u0000/i.test(text)) return 'a NUL character';
  if (loneSurrogateEscape.test(text)) return 'half of a UTF-16 surrogate pair';
  return null;
}

/** A line read: the file document, or the reasons it was refused. */
export function readLine(text: string): { ok: true; value: ImportLine } | { ok: false; issues: LineIssue[] } {
  const unstorable = unstorableText(text);
  if (unstorable) return { ok: false, issues: [{ path: '', message: unstorable }] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ path: '', message: 'not JSON' }] };
  }
  const parsed = importLine.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}
