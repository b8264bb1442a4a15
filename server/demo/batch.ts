/**
 * The demo files as a letter batch (issue 29, decision 104): each file of letters.json as one line
 * of the agency's import format (server/agency/import/line.ts), dated from the day of seeding.
 * server/demo/seed.ts loads it through the bulk import, the path a real batch takes; `npm run
 * demo:batch` prints it as NDJSON for an integration team to read or import.
 */
import type { ImportDebtorInput, ImportLineInput } from '../agency/import/line.ts';
import type { LegalBasisCode } from '../claims/costs.ts';
import { referenceOf } from '../agency/reference.ts';
import type { DemoFile } from './catalogue.ts';
import letterData from './letters.json';

type Variant = DemoFile['variant'];

/** The demo creditors as the agency names them, with the logos the portal shows for three. */
export const demoCreditors = [
  {
    name: 'Nordwind Versand GmbH',
    street: 'Speicherstadt 4',
    postalCode: '20457',
    city: 'Hamburg',
    country: 'DE',
    logoPath: '/creditors/nordwind.svg',
  },
  {
    name: 'Stadtwerke Elbtal GmbH',
    street: 'Am Kraftwerk 2',
    postalCode: '01067',
    city: 'Dresden',
    country: 'DE',
    logoPath: '/creditors/elbtal.svg',
  },
  {
    name: 'Telvia Mobilfunk GmbH',
    street: 'Rheinallee 80',
    postalCode: '40545',
    city: 'Düsseldorf',
    country: 'DE',
    logoPath: '/creditors/telvia.svg',
  },
  {
    name: 'FitLine Studios GmbH',
    street: 'Leopoldstraße 150',
    postalCode: '80804',
    city: 'München',
    country: 'DE',
    logoPath: null,
  },
  {
    name: 'Alpenstrom Energie GmbH',
    street: 'Mariahilfer Straße 45',
    postalCode: '1060',
    city: 'Wien',
    country: 'AT',
    logoPath: null,
  },
  {
    name: 'Limmat Versand AG',
    street: 'Hardstrasse 201',
    postalCode: '8005',
    city: 'Zürich',
    country: 'CH',
    logoPath: null,
  },
  {
    name: 'Nordic Home AB',
    street: 'Sveavägen 31',
    postalCode: '111 34',
    city: 'Stockholm',
    country: 'SE',
    logoPath: null,
  },
  {
    name: 'Fjordnett AS',
    street: 'Dronning Eufemias gate 16',
    postalCode: '0191',
    city: 'Oslo',
    country: 'NO',
    logoPath: null,
  },
  {
    name: 'Heimwerk24 GmbH',
    street: 'Industriestraße 9',
    postalCode: '50735',
    city: 'Köln',
    country: 'DE',
    logoPath: null,
  },
  {
    name: 'Modehaus Lindner KG',
    street: 'Königstraße 27',
    postalCode: '70173',
    city: 'Stuttgart',
    country: 'DE',
    logoPath: null,
  },
] as const;

/** What the portal itself holds of a demo debtor, beyond what the agency hands over (decision 104). */
export interface DemoDebtorPortalState {
  /** The debtor has set their e-mail address once in the portal (the field is then read-only). */
  emailSetOnce?: boolean;
  /** The debtor reported living in a flooded area (the notice of 100000008). */
  inFloodedArea?: boolean;
  /** The next sign-in asks for a new password (100000009). */
  mustChangePassword?: boolean;
  /** The account the debtor stored in their profile (100000011). */
  iban?: string;
  bic?: string;
  accountHolder?: string;
}

/** The file flags a letter may set, named as the import line names them. */
type FileFlags = Pick<
  ImportLineInput,
  | 'hasVideo'
  | 'instalmentErrorCode'
  | 'depositRequiredMinor'
  | 'functionsBlocked'
  | 'legalBlocking'
  | 'showUploadCenter'
>;

/** A demo file as letters.json holds it: amounts and flags as handed over, dates as days before seeding. */
export interface DemoLetterFile {
  refno: string;
  subcase?: number;
  variant: Variant;
  /** The creditor by the start of its name (`demoCreditors`). */
  creditor: string;
  originalCreditor?: string;
  currency?: 'EUR' | 'CHF' | 'SEK' | 'NOK';
  status: ImportLineInput['statusCode'];
  subState?: NonNullable<ImportLineInput['subState']>;
  statusDaysAgo?: number;
  subject: string;
  /** The subject as a code of the catalogue (locales/<lang>/claim.json, subjects). */
  subjectCode: { key: string; params: Record<string, string> };
  contractDaysAgo?: number;
  main: number;
  interest: number;
  costs: number;
  payments?: number;
  extra?: FileFlags;
}

/** A demo debtor with their files (server/demo/letters.json), in the catalogue's order. */
export interface DemoLetter {
  debtor: Omit<ImportDebtorInput, 'key'> & DemoDebtorPortalState;
  files: DemoLetterFile[];
}

export const demoLetters = letterData as DemoLetter[];

/** The agency's key of the n-th demo debtor (0-based), in the catalogue's order. */
export const demoDebtorKey = (index: number) => `demo-${String(index + 1).padStart(2, '0')}`;

/** The day `days` after `base` (negative: before), YYYY-MM-DD. */
export function isoDate(base: Date, days: number): string {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/**
 * Default interest as the law of each country sets it (rate in basis points): Germany 5 points
 * above the base rate (§ 288 BGB), Austria 4 % (§ 1000 ABGB), Switzerland 5 % (Art. 104 OR),
 * Sweden the reference rate plus 8 points (räntelagen 6 §), Norway the published rate.
 */
const statutoryInterestBp: Record<Variant, number> = { de: 500, paycare: 500, at: 400, ch: 500, se: 800, no: 1275 };

/**
 * What the creditor and the agency charged before the collection fee, in the file's own currency
 * and by its own country's rules (minor units): a euro figure copied into kronor would read "5,00 kr".
 * Germany and Austria: a reminder of 5.00 EUR and, where the address was traced, an enquiry at the
 * registration office of 3.50 EUR. Switzerland: a reminder fee of CHF 20.00 and an address search
 * of CHF 25.00. Sweden: the reminder fee the law allows (påminnelseavgift, 60 kr); Norway: the
 * statutory reminder fee (purregebyr, 35 kr). Neither Nordic law lets an address search be charged.
 */
export const costFigures: Record<Variant, { dunningFee: number; addressInquiry: number }> = {
  de: { dunningFee: 500, addressInquiry: 350 },
  paycare: { dunningFee: 500, addressInquiry: 350 },
  at: { dunningFee: 500, addressInquiry: 350 },
  ch: { dunningFee: 2000, addressInquiry: 2500 },
  se: { dunningFee: 6000, addressInquiry: 0 },
  no: { dunningFee: 3500, addressInquiry: 0 },
};

export const dunningCost = (costs: number, variant: Variant) => Math.min(costFigures[variant].dunningFee, costs);
/** The address was traced (an enquiry at the registration office) when that cost was charged. */
export const tracedAddress = (costs: number, variant: Variant) =>
  costFigures[variant].addressInquiry > 0 && costs - dunningCost(costs, variant) >= costFigures[variant].addressInquiry;

/**
 * The legal basis of each kind of collection cost, by country (RDG § 13a: type, amount, basis),
 * as a code the portal names in the page's language (decision 029): the Swiss Code of
 * Obligations is "OR" in German but "CO" in French and Italian.
 */
const costBases: Record<
  Variant,
  { dunningFee: LegalBasisCode; addressInquiry: LegalBasisCode; collectionFee: LegalBasisCode }
> = {
  de: { dunningFee: 'DE.bgbDefault', addressInquiry: 'DE.bgbDefault', collectionFee: 'DE.rdgRvg' },
  paycare: { dunningFee: 'DE.bgbDefault', addressInquiry: 'DE.bgbDefault', collectionFee: 'DE.rdgRvg' },
  at: { dunningFee: 'AT.abgb1333', addressInquiry: 'AT.abgb1333', collectionFee: 'AT.abgb1333Fees' },
  ch: { dunningFee: 'CH.or106', addressInquiry: 'CH.or106', collectionFee: 'CH.or106' },
  se: { dunningFee: 'SE.costsAct', addressInquiry: 'SE.costsAct', collectionFee: 'SE.costsActOrdinance' },
  no: {
    dunningFee: 'NO.debtCollectionAct17',
    addressInquiry: 'NO.debtCollectionAct17',
    collectionFee: 'NO.debtCollectionRegulation',
  },
};

/**
 * A file's costs one by one, as the agency itemises them in the line (decision 105): the reminder,
 * the address enquiry where the address was traced, and the collection fee for the rest.
 */
export function demoCostLines(costs: number, variant: Variant): NonNullable<ImportLineInput['costLines']> {
  const dunning = dunningCost(costs, variant);
  const address = tracedAddress(costs, variant) ? costFigures[variant].addressInquiry : 0;
  const basis = costBases[variant];
  return [
    { kind: 'dunningFee' as const, amountMinor: dunning, legalBasis: basis.dunningFee },
    { kind: 'addressInquiry' as const, amountMinor: address, legalBasis: basis.addressInquiry },
    { kind: 'collectionFee' as const, amountMinor: costs - dunning - address, legalBasis: basis.collectionFee },
  ].filter((line) => line.amountMinor > 0);
}

function demoCreditor(prefix: string) {
  const creditor = demoCreditors.find((c) => c.name.startsWith(prefix));
  if (!creditor) throw new Error(`unknown demo creditor ${prefix}`);
  const { logoPath: _logo, ...named } = creditor;
  return named;
}

/** The agency's part of a demo debtor: the letter's debtor without what the portal holds itself. */
function agencyDebtor(
  key: string,
  {
    emailSetOnce: _e,
    inFloodedArea: _f,
    mustChangePassword: _m,
    iban: _i,
    bic: _b,
    accountHolder: _a,
    ...debtor
  }: DemoLetter['debtor'],
): ImportDebtorInput {
  return { key, ...debtor };
}

/** One demo file as the agency's line, dated from `today` (the agency's calendar day, midnight UTC). */
function demoLine(key: string, debtor: DemoLetter['debtor'], f: DemoLetterFile, today: Date): ImportLineInput {
  const contractDaysAgo = f.contractDaysAgo ?? 240;
  return {
    reference: referenceOf({ refno: f.refno, subcase: f.subcase ?? 1 }),
    variant: f.variant,
    currency: f.currency ?? 'EUR',
    debtor: agencyDebtor(key, debtor),
    creditor: demoCreditor(f.creditor),
    originalCreditor: f.originalCreditor ? demoCreditor(f.originalCreditor) : null,
    statusCode: f.status,
    subState: f.subState ?? null,
    statusDate: isoDate(today, -(f.statusDaysAgo ?? 14)),
    claimSubject: f.subject,
    subjectKey: f.subjectCode.key,
    subjectParams: f.subjectCode.params,
    contractDate: isoDate(today, -contractDaysAgo),
    mainClaimMinor: f.main,
    interestMinor: f.interest,
    costsMinor: f.costs,
    costLines: demoCostLines(f.costs, f.variant),
    paymentsMinor: f.payments ?? 0,
    history: [
      { on: isoDate(today, -90), kind: 'handedOver' },
      { on: isoDate(today, -88), kind: 'letterSent', letter: 'firstNotice' },
      { on: isoDate(today, -60), kind: 'letterSent', letter: 'reminder' },
      { on: isoDate(today, -30), kind: 'letterSent', letter: 'finalReminder' },
    ],
    interestRateBp: statutoryInterestBp[f.variant],
    interestBasis: 'statutoryDefault',
    interestFrom: isoDate(today, -(contractDaysAgo - 45)),
    addressTraced: tracedAddress(f.costs, f.variant),
    ...f.extra,
  };
}

/** The demo batch: every file of every demo debtor, in the catalogue's order, as import lines. */
export function demoBatch(today: Date): ImportLineInput[] {
  return demoLetters.flatMap((letter, index) =>
    letter.files.map((file) => demoLine(demoDebtorKey(index), letter.debtor, file, today)),
  );
}
