/**
 * A letter batch as the agency's core system would send it (`npm run bench:import`, the import
 * tests): N lines of the import line format (server/agency/import/line.ts), realistic files in the
 * spirit of the journey benchmark's generator (tests/bench/journeys/generate.ts): its archetypes
 * and shares give every status and sub-state, every variant with its currency, country, creditors
 * and interest rate, and every 25th debtor has three files under one reference (subcases 1 to 3),
 * so debtor keys repeat. Deterministic: the same seed and count give the same lines.
 */
import { fakerDE, fakerDE_AT, fakerDE_CH, fakerNB_NO, fakerSV, type Faker } from '@faker-js/faker';
import type { ImportLineInput } from '../../server/agency/import/line.ts';
import type { LegalBasisCode } from '../../server/claims/costs.ts';
import { plannedFile, statusOf, type Variant } from '../bench/journeys/generate.ts';

/** The first reference number of a generated batch (the journey benchmark's start at 700000000). */
export const firstImportRefno = 800_000_000;

const settings: Record<
  Variant,
  {
    faker: Faker;
    country: string;
    currency: 'EUR' | 'CHF' | 'SEK' | 'NOK';
    scale: number;
    rateBp: number;
    creditors: string[];
  }
> = {
  de: {
    faker: fakerDE,
    country: 'DE',
    currency: 'EUR',
    scale: 1,
    rateBp: 500,
    creditors: ['Stadtwerke Elbtal', 'Telvia', 'Heimwerk24'],
  },
  paycare: {
    faker: fakerDE,
    country: 'DE',
    currency: 'EUR',
    scale: 1,
    rateBp: 500,
    creditors: ['Telvia', 'Modehaus Lindner'],
  },
  at: { faker: fakerDE_AT, country: 'AT', currency: 'EUR', scale: 1, rateBp: 400, creditors: ['Alpenstrom'] },
  ch: { faker: fakerDE_CH, country: 'CH', currency: 'CHF', scale: 1, rateBp: 500, creditors: ['Limmat Versand'] },
  se: { faker: fakerSV, country: 'SE', currency: 'SEK', scale: 11, rateBp: 800, creditors: ['Nordic Home'] },
  no: { faker: fakerNB_NO, country: 'NO', currency: 'NOK', scale: 11, rateBp: 1275, creditors: ['Fjordnett'] },
};

const creditorAddress: Record<string, { street: string; postalCode: string; city: string; country: string }> = {
  'Stadtwerke Elbtal': { street: 'Elbufer 12', postalCode: '01067', city: 'Dresden', country: 'DE' },
  Telvia: { street: 'Funkturmstraße 3', postalCode: '80331', city: 'München', country: 'DE' },
  Heimwerk24: { street: 'Baumarktweg 8', postalCode: '50667', city: 'Köln', country: 'DE' },
  'Modehaus Lindner': { street: 'Königsallee 40', postalCode: '40212', city: 'Düsseldorf', country: 'DE' },
  Alpenstrom: { street: 'Innrain 5', postalCode: '6020', city: 'Innsbruck', country: 'AT' },
  'Limmat Versand': { street: 'Limmatquai 90', postalCode: '8001', city: 'Zürich', country: 'CH' },
  'Nordic Home': { street: 'Drottninggatan 20', postalCode: '111 51', city: 'Stockholm', country: 'SE' },
  Fjordnett: { street: 'Bryggen 4', postalCode: '5003', city: 'Bergen', country: 'NO' },
};

/** The legal bases of the reminder and the collection fee by the variant's country (server/claims/costs.ts). */
const costBases: Record<Variant, { dunning: LegalBasisCode; collection: LegalBasisCode }> = {
  de: { dunning: 'DE.bgbDefault', collection: 'DE.rdgRvg' },
  paycare: { dunning: 'DE.bgbDefault', collection: 'DE.rdgRvg' },
  at: { dunning: 'AT.abgb1333', collection: 'AT.abgb1333Fees' },
  ch: { dunning: 'CH.or106', collection: 'CH.or106' },
  se: { dunning: 'SE.costsAct', collection: 'SE.costsActOrdinance' },
  no: { dunning: 'NO.debtCollectionAct17', collection: 'NO.debtCollectionRegulation' },
};

const subjects = [
  { key: 'purchase', text: 'Kaufvertrag, Bestellung' },
  { key: 'mobileContract', text: 'Mobilfunkvertrag Nr.' },
  { key: 'electricity', text: 'Stromlieferung, Vertragskonto' },
  { key: 'membership', text: 'Mitgliedsbeiträge' },
];

function isoDate(today: Date, days: number): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Line `index` (0-based) of the batch: a whole file with its debtor and creditor. */
export function importLineAt(index: number, options: { seed?: number; today: Date }): ImportLineInput {
  const seed = options.seed ?? 1;
  const planned = plannedFile(index, seed);
  const s = settings[planned.variant];
  const faker = s.faker;
  // The debtor is drawn from the debtor's own seed, so their three files carry the same person.
  const debtorIndex = Number(planned.refno) - 700_000_000;
  faker.seed(seed * 1_000_003 + debtorIndex);
  const company = faker.number.int(99) < 4;
  const sex = faker.helpers.arrayElement(['female', 'male'] as const);
  const first = faker.person.firstName(sex);
  const last = faker.person.lastName();
  const debtor: ImportLineInput['debtor'] = {
    key: `K${seed}-${debtorIndex}`,
    salutation: company ? 3 : sex === 'female' ? 2 : 1,
    personType: company ? 'company' : 'person',
    companyName: company ? faker.company.name() : null,
    firstName: company ? null : first,
    lastName: company ? null : last,
    birthdate: company ? null : faker.date.birthdate({ min: 18, max: 85, mode: 'age' }).toISOString().slice(0, 10),
    streetName: faker.location.street(),
    houseNumber: String(faker.number.int({ min: 1, max: 180 })),
    postalCode: faker.location.zipCode(),
    city: faker.location.city(),
    countryCode: s.country,
    email:
      faker.number.int(99) < 75
        ? `${first}.${last}.${debtorIndex}@example.org`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z0-9.@]/g, '')
        : null,
    phone: faker.number.int(99) < 60 ? faker.string.numeric(10) : null,
    preferredLanguage: faker.number.int(99) < 15 ? faker.helpers.arrayElement(['de', 'en', 'tr', 'sv']) : null,
  };
  faker.seed(seed * 7_000_001 + index);
  const archetype = planned.archetype;
  // The status as the journey benchmark's generator gives each archetype (statusOf there).
  const status = statusOf(archetype) as { code: ImportLineInput['statusCode']; subState: ImportLineInput['subState'] };
  const subject = faker.helpers.arrayElement(subjects);
  const number = faker.string.numeric({ length: 7, allowLeadingZeros: false });
  const main = faker.number.int({ min: 30, max: 2_500 }) * 100 * s.scale + faker.number.int(99);
  const interest = Math.round((main * s.rateBp * faker.number.int({ min: 60, max: 400 })) / 3_650_000);
  const costs = Math.round(main * 0.12) + 2_500 * s.scale;
  const dunning = 500 * s.scale;
  const handedOverDaysAgo = faker.number.int({ min: 40, max: 140 });
  const letters = faker.number.int({ min: 1, max: 3 });
  const total = main + interest + costs;
  const settled = archetype === 'settled' || archetype === 'settledByAgreement';
  const creditorName = faker.helpers.arrayElement(s.creditors);
  const contractDaysAgo = faker.number.int({ min: 150, max: 700 });
  return {
    reference:
      planned.subcase > 1
        ? `${Number(planned.refno) + 100_000_000}-${planned.subcase}`
        : `${Number(planned.refno) + 100_000_000}`,
    variant: planned.variant,
    currency: s.currency,
    debtor,
    creditor: { name: creditorName, ...creditorAddress[creditorName]! },
    originalCreditor:
      faker.number.int(99) < 10 ? { name: 'Modehaus Lindner', ...creditorAddress['Modehaus Lindner']! } : null,
    statusCode: status.code,
    subState: status.subState,
    statusDate: isoDate(options.today, -faker.number.int({ min: 1, max: 80 })),
    claimSubject: `${subject.text} ${number}`,
    subjectKey: subject.key,
    subjectParams:
      subject.key === 'purchase' ? { goods: 'clothing', order: `${number.slice(0, 4)}-${number.slice(4)}` } : null,
    contractDate: isoDate(options.today, -contractDaysAgo),
    mainClaimMinor: main,
    interestMinor: interest,
    costsMinor: costs,
    // Itemised as an agency's system does (decision 105): the reminder, then the collection fee.
    costLines: [
      { kind: 'dunningFee', amountMinor: dunning, legalBasis: costBases[planned.variant].dunning },
      { kind: 'collectionFee', amountMinor: costs - dunning, legalBasis: costBases[planned.variant].collection },
    ],
    history: [
      { on: isoDate(options.today, -handedOverDaysAgo), kind: 'handedOver' },
      ...(['firstNotice', 'reminder', 'finalReminder'] as const).slice(0, letters).map((letter, n) => ({
        on: isoDate(options.today, -handedOverDaysAgo + 2 + n * 28),
        kind: 'letterSent' as const,
        letter,
      })),
    ],
    paymentsMinor: settled ? total : archetype === 'paymentNoted' ? Math.round(total / 3) : 0,
    interestRateBp: s.rateBp,
    interestBasis: 'statutoryDefault',
    interestFrom: isoDate(options.today, -(contractDaysAgo - 45)),
    hasVideo: faker.number.int(99) < 20,
    showUploadCenter: archetype === 'openDocuments',
    letterLinkIsFullLogin: faker.number.int(99) < 90,
    instalmentErrorCode:
      archetype === 'openRefused' ? faker.number.int({ min: 1, max: 6 }) : archetype === 'openDeposit' ? 5 : null,
    depositRequiredMinor: archetype === 'openDeposit' ? Math.round(total / 5 / 100) * 100 : null,
    functionsBlocked: archetype === 'enforcement',
    legalBlocking: faker.number.int(999) < 3,
    addressTraced: faker.number.int(99) < 30,
  };
}

/** The batch's lines as NDJSON text, one string a line (with its newline). */
export function* importBatchText(count: number, options: { seed?: number; today: Date }): Generator<string> {
  for (let index = 0; index < count; index++) yield `${JSON.stringify(importLineAt(index, options))}\n`;
}
