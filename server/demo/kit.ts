/**
 * What the demo files are written with (decision 078): the creditors, a debtor with the demo
 * password, a file with its status history, costs by the country's rules and the standard letter
 * journey, and an instalment plan. server/demo/seed.ts writes each letter of letters.json with it,
 * then the file's own module (server/demo/files/), in the catalogue's order. Dates are relative to
 * the day of seeding so that "next instalment due" stays ahead.
 */
import { hashPassword } from '../auth/passwords.ts';
import type { ClaimSubjectKey } from '../claims/subjects.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { demoPassword, type DemoFile } from './catalogue.ts';

type StatusCode = (typeof t.statusCodes)[number];
type SubState = (typeof t.subStates)[number];

export function isoDate(base: Date, days: number): string {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
export function at(base: Date, days: number, hour = 10): Date {
  return new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days, hour));
}

/** Keyed hash of a personal identity number (bank-identity login), never stored in clear. */
export type PersonalNumberHasher = (personalNumber: string) => string;

export interface SeedOptions {
  today?: Date;
  /** Lower argon2 cost for tests; production hashes use the library's defaults. */
  fastHashes?: boolean;
  hashPersonalNumber: PersonalNumberHasher;
}

export type DebtorInput = Omit<typeof t.debtors.$inferInsert, 'passwordHash'>;

export type FileInput = {
  refno: string;
  subcase?: number;
  debtorId: number;
  variant: DemoFile['variant'];
  creditor: string;
  originalCreditor?: string;
  currency?: 'EUR' | 'CHF' | 'SEK' | 'NOK';
  status: StatusCode;
  subState?: SubState;
  statusDaysAgo?: number;
  subject: string;
  /** The subject as a code of the catalogue (locales/<lang>/claim.json, subjects). */
  subjectCode: { key: ClaimSubjectKey; params: Record<string, string> };
  contractDaysAgo?: number;
  main: number;
  interest: number;
  costs: number;
  payments?: number;
  extra?: Partial<typeof t.files.$inferInsert>;
};

/**
 * A demo debtor with their files as server/demo/letters.json holds them: the debtor's row (a
 * personal identity number in clear, hashed as the bank-identity login stores it) and each file
 * as `addFile` takes it, dated relative to the day of seeding.
 */
export interface DemoLetter {
  debtor: DebtorInput & { personalNumber?: string };
  files: Array<Omit<FileInput, 'debtorId'>>;
}

/** The rows a letter made: its debtor, its first file and all its files in the letter's order. */
export interface DemoIds {
  debtorId: number;
  fileId: number;
  fileIds: number[];
}

/** The tools a demo file's module writes its file with, inside the one seeding transaction. */
export interface DemoKit {
  tx: Tx;
  /** The agency's calendar day of the seeding, at midnight UTC. */
  today: Date;
  options: SeedOptions;
  /** Writes a letter's debtor and files (server/demo/letters.json). */
  addLetter(letter: DemoLetter): Promise<DemoIds>;
}

/** Writes the demo creditors and returns the kit bound to them. */
export async function createKit(tx: Tx, today: Date, options: SeedOptions): Promise<DemoKit> {
  const passwordHash = () => hashPassword(demoPassword, { fast: options.fastHashes });
  const creditorRows = await tx
    .insert(t.creditors)
    .values([
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
    ])
    .returning({ id: t.creditors.id, name: t.creditors.name });
  const creditor = (name: string) => {
    const row = creditorRows.find((c) => c.name.startsWith(name));
    if (!row) throw new Error(`unknown demo creditor ${name}`);
    return row.id;
  };

  const addDebtor = async (values: DebtorInput) => {
    const [row] = await tx
      .insert(t.debtors)
      .values({ ...values, passwordHash: await passwordHash() })
      .returning({ id: t.debtors.id });
    return row!.id;
  };

  const addFile = async (f: FileInput) => {
    const [row] = await tx
      .insert(t.files)
      .values({
        refno: f.refno,
        subcase: f.subcase ?? 1,
        debtorId: f.debtorId,
        variant: f.variant,
        creditorId: creditor(f.creditor),
        originalCreditorId: f.originalCreditor ? creditor(f.originalCreditor) : null,
        currency: f.currency ?? 'EUR',
        statusCode: f.status,
        subState: f.subState ?? null,
        statusDate: isoDate(today, -(f.statusDaysAgo ?? 14)),
        claimSubject: f.subject,
        subjectKey: f.subjectCode.key,
        subjectParams: f.subjectCode.params,
        contractDate: isoDate(today, -(f.contractDaysAgo ?? 240)),
        mainClaimMinor: f.main,
        interestMinor: f.interest,
        costsMinor: f.costs,
        paymentsMinor: f.payments ?? 0,
        ...statutoryInterest[f.variant],
        interestFrom: isoDate(today, -((f.contractDaysAgo ?? 240) - 45)),
        addressTraced: tracedAddress(f.costs, f.variant),
        ...f.extra,
      })
      .returning({ id: t.files.id });
    const id = row!.id;
    await tx.insert(t.fileStatusHistory).values([
      { fileId: id, statusCode: '1', changedAt: at(today, -90), reason: 'handedOver' },
      ...(f.status === '1'
        ? []
        : [
            {
              fileId: id,
              statusCode: f.status,
              subState: f.subState ?? null,
              changedAt: at(today, -(f.statusDaysAgo ?? 14)),
            },
          ]),
    ]);
    await tx.insert(t.collectionCosts).values(standardCosts(id, f.costs, f.variant));
    await tx.insert(t.events).values(standardJourney(id, today));
    return id;
  };

  const addLetter = async ({ debtor: { personalNumber, ...debtor }, files }: DemoLetter): Promise<DemoIds> => {
    const debtorId = await addDebtor(
      personalNumber ? { ...debtor, personalNumberHash: options.hashPersonalNumber(personalNumber) } : debtor,
    );
    const fileIds: number[] = [];
    for (const file of files) fileIds.push(await addFile({ ...file, debtorId }));
    return { debtorId, fileId: fileIds[0]!, fileIds };
  };

  return { tx, today, options, addLetter };
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A plan with monthly rows; the last row carries the remainder (position order, due dates monthly). */
export async function addPlan(
  tx: Tx,
  fileId: number,
  today: Date,
  p: {
    total: number;
    monthly: number;
    paidCount: number;
    firstDueDaysAgo: number;
    fee: number;
    sepa?: boolean;
    status?: 'pending' | 'active';
  },
): Promise<void> {
  const count = Math.ceil(p.total / p.monthly);
  const firstDueOn = isoDate(today, -p.firstDueDaysAgo);
  const [plan] = await tx
    .insert(t.instalmentPlans)
    .values({
      fileId,
      status: p.status ?? 'active',
      residualClaimMinor: p.total - p.fee,
      feeMinor: p.fee,
      totalMinor: p.total,
      monthlyMinor: p.monthly,
      instalmentCount: count,
      firstDueOn,
      providerId: p.sepa ? '3' : '6',
      isSepa: p.sepa ?? false,
    })
    .returning({ id: t.instalmentPlans.id });
  let remaining = p.total;
  const rows: Array<typeof t.instalmentRows.$inferInsert> = [];
  for (let position = 1; position <= count; position++) {
    const amount = position === count ? remaining : p.monthly;
    const dueOn = addMonths(firstDueOn, position - 1);
    rows.push({
      planId: plan!.id,
      position,
      dueOn,
      amountMinor: amount,
      claimMinor: remaining,
      remainingMinor: remaining - amount,
      isFinal: position === count,
      paidAt: position <= p.paidCount ? new Date(`${dueOn}T09:00:00Z`) : null,
    });
    remaining -= amount;
  }
  await tx.insert(t.instalmentRows).values(rows);
}

/**
 * Default interest as the law of each country sets it (rate in basis points): Germany 5 points
 * above the base rate (§ 288 BGB), Austria 4 % (§ 1000 ABGB), Switzerland 5 % (Art. 104 OR),
 * Sweden the reference rate plus 8 points (räntelagen 6 §), Norway the published rate.
 */
const statutoryInterest: Record<DemoFile['variant'], { interestRateBp: number; interestBasis: string }> = {
  de: { interestRateBp: 500, interestBasis: 'statutoryDefault' },
  paycare: { interestRateBp: 500, interestBasis: 'statutoryDefault' },
  at: { interestRateBp: 400, interestBasis: 'statutoryDefault' },
  ch: { interestRateBp: 500, interestBasis: 'statutoryDefault' },
  se: { interestRateBp: 800, interestBasis: 'statutoryDefault' },
  no: { interestRateBp: 1275, interestBasis: 'statutoryDefault' },
};

/**
 * What the creditor and the agency charged before the collection fee, in the file's own currency
 * and by its own country's rules (minor units): a euro figure copied into kronor would read "5,00 kr".
 * Germany and Austria: a reminder of 5.00 EUR and, where the address was traced, an enquiry at the
 * registration office of 3.50 EUR. Switzerland: a reminder fee of CHF 20.00 and an address search
 * of CHF 25.00. Sweden: the reminder fee the law allows (påminnelseavgift, 60 kr); Norway: the
 * statutory reminder fee (purregebyr, 35 kr). Neither Nordic law lets an address search be charged.
 */
const costFigures: Record<DemoFile['variant'], { dunningFee: number; addressInquiry: number }> = {
  de: { dunningFee: 500, addressInquiry: 350 },
  paycare: { dunningFee: 500, addressInquiry: 350 },
  at: { dunningFee: 500, addressInquiry: 350 },
  ch: { dunningFee: 2000, addressInquiry: 2500 },
  se: { dunningFee: 6000, addressInquiry: 0 },
  no: { dunningFee: 3500, addressInquiry: 0 },
};

const dunningCost = (costs: number, variant: DemoFile['variant']) => Math.min(costFigures[variant].dunningFee, costs);
/** The address was traced (an enquiry at the registration office) when that cost was charged. */
const tracedAddress = (costs: number, variant: DemoFile['variant']) =>
  costFigures[variant].addressInquiry > 0 && costs - dunningCost(costs, variant) >= costFigures[variant].addressInquiry;

/**
 * The legal basis of each kind of collection cost, by country (RDG § 13a: type, amount, basis),
 * as a code the portal names in the page's language (decision 029): the Swiss Code of
 * Obligations is "OR" in German but "CO" in French and Italian.
 */
const costBases: Record<DemoFile['variant'], { dunningFee: string; addressInquiry: string; collectionFee: string }> = {
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

function standardCosts(
  fileId: number,
  costs: number,
  variant: DemoFile['variant'],
): Array<typeof t.collectionCosts.$inferInsert> {
  const dunning = dunningCost(costs, variant);
  const address = tracedAddress(costs, variant) ? costFigures[variant].addressInquiry : 0;
  const basis = costBases[variant];
  return [
    { fileId, kind: 'dunningFee', amountMinor: dunning, legalBasis: basis.dunningFee },
    ...(address
      ? [{ fileId, kind: 'addressInquiry' as const, amountMinor: address, legalBasis: basis.addressInquiry }]
      : []),
    { fileId, kind: 'collectionFee', amountMinor: costs - dunning - address, legalBasis: basis.collectionFee },
  ];
}

function standardJourney(fileId: number, today: Date): Array<typeof t.events.$inferInsert> {
  return [
    { fileId, occurredAt: at(today, -90), kind: 'handedOver' },
    { fileId, occurredAt: at(today, -88), kind: 'letterSent', detail: { letter: 'firstNotice' } },
    { fileId, occurredAt: at(today, -60), kind: 'letterSent', detail: { letter: 'reminder' } },
    { fileId, occurredAt: at(today, -30), kind: 'letterSent', detail: { letter: 'finalReminder' } },
  ];
}
