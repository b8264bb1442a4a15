/**
 * Demo files (docs/demo-data.md). The reference numbers are fixed: other parts and tests rely
 * on them. Dates are relative to the day of seeding so that "next instalment due" stays ahead.
 * Every demo debtor has the portal password `Demo-Pass1`.
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { variants } from '../variants/config.ts';
import { todayIso } from '../dates.ts';
import type { Database } from './client.ts';
import * as t from './schema.ts';
import type { ClaimSubjectKey } from '../claims/subjects.ts';

export const demoPassword = 'Demo-Pass1';

type StatusCode = (typeof t.statusCodes)[number];
type SubState = (typeof t.subStates)[number];

export interface DemoFile {
  refno: string;
  subcase?: number;
  variant: 'de' | 'at' | 'ch' | 'se' | 'no' | 'paycare';
  shows: string;
}

/** The catalogue printed in the README and docs/demo-data.md. */
export const demoFiles: DemoFile[] = [
  {
    refno: '100000001',
    variant: 'de',
    shows: 'open claim (status 1), all pay buttons, invoices, event history, video, e-mail set',
  },
  { refno: '100000002', variant: 'de', shows: 'instalment plan running, next instalment due, skip and plan offered' },
  { refno: '100000003', variant: 'de', shows: 'down payment pending (status 24)' },
  { refno: '100000004', variant: 'de', shows: 'deferral already granted once' },
  { refno: '100000005', variant: 'de', shows: 'instalments only after a deposit (instalment error code 5)' },
  { refno: '100000006', variant: 'de', shows: 'settled (status 3): notice of completion can be requested' },
  { refno: '100000007', variant: 'de', shows: 'enforcement measure running (42): functions refused' },
  { refno: '100000008', variant: 'de', shows: 'special settlement offer and flood-area notice (modals by orderNo)' },
  { refno: '100000009', variant: 'de', shows: 'forced password change' },
  { refno: '100000010', subcase: 1, variant: 'de', shows: 'debtor with three files (claims list), subcases 1 to 3' },
  { refno: '100000011', variant: 'de', shows: 'SEPA direct debit active (status 22)' },
  { refno: '100000012', variant: 'de', shows: 'requested documents waiting in the upload center' },
  {
    refno: '100000013',
    variant: 'de',
    shows: 'no e-mail yet (e-mail capture), another team handles the case, delivery-costs notice',
  },
  { refno: '200000001', variant: 'at', shows: 'open claim, EUR, Austrian legal entity' },
  { refno: '300000001', variant: 'ch', shows: 'open claim in CHF, TWINT offered' },
  { refno: '400000001', variant: 'se', shows: 'open claim in SEK, Swish and bank-identity login' },
  { refno: '500000001', variant: 'no', shows: 'open claim in NOK, Norwegian bank-identity login' },
  { refno: '600000001', variant: 'paycare', shows: 'open claim under the sister brand Paycare' },
];

/**
 * Invoice lines as the agency's system hands them over: the creditor's wording (German) and the
 * translations it keeps (decision 029).
 */
const invoiceDescriptions = {
  winterCoat: {
    en: 'Winter coat, wool blend',
    es: 'Abrigo de invierno, mezcla de lana',
    fr: "Manteau d'hiver, laine mélangée",
    it: 'Cappotto invernale, misto lana',
    tr: 'Kışlık mont, yün karışımlı',
    sv: 'Vinterkappa, ullblandning',
  },
  bootsAndScarf: {
    en: 'Boots and scarf',
    es: 'Botas y bufanda',
    fr: 'Bottes et écharpe',
    it: 'Stivali e sciarpa',
    tr: 'Bot ve atkı',
    sv: 'Stövlar och halsduk',
  },
} satisfies Record<string, Record<string, string>>;

function isoDate(base: Date, days: number): string {
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
function at(base: Date, days: number, hour = 10): Date {
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

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.files);
  return (rows[0]?.n ?? 0) > 0;
}

export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  // The demo files are dated from the agency's calendar day, the same "today" the portal judges
  // them by (server/dates.ts); the server's UTC day is still yesterday shortly after midnight.
  const today = new Date(`${todayIso(options.today ?? new Date())}T00:00:00Z`);
  const passwordHash = () => hashPassword(demoPassword, { fast: options.fastHashes });

  await db.transaction(async (tx) => {
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

    type DebtorInput = Omit<typeof t.debtors.$inferInsert, 'passwordHash'>;
    const addDebtor = async (values: DebtorInput) => {
      const [row] = await tx
        .insert(t.debtors)
        .values({ ...values, passwordHash: await passwordHash() })
        .returning({ id: t.debtors.id });
      return row!.id;
    };

    type FileInput = {
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

    const person = (
      first: string,
      last: string,
      salutation: 1 | 2,
      street: string,
      no: string,
      zip: string,
      city: string,
      country: string,
      email: string | null,
      extra: Partial<DebtorInput> = {},
    ): DebtorInput => ({
      salutation,
      personType: 'person',
      firstName: first,
      lastName: last,
      birthdate: '1984-05-17',
      streetName: street,
      houseNumber: no,
      postalCode: zip,
      city,
      countryCode: country,
      email,
      emailSetOnce: email !== null,
      phone: '+49 151 23456789',
      matchcode: `${last.toUpperCase()}${first.slice(0, 1).toUpperCase()}`,
      ...extra,
    });

    // 100000001: open claim, every pay button, invoices, history, video, e-mail set.
    const d1 = await addDebtor(
      person('Anna', 'Schneider', 2, 'Lindenallee', '14', '50968', 'Köln', 'DE', 'anna.schneider@example.org'),
    );
    const f1 = await addFile({
      refno: '100000001',
      debtorId: d1,
      variant: 'de',
      creditor: 'Nordwind',
      originalCreditor: 'Modehaus Lindner',
      status: '1',
      subject: 'Kaufvertrag über Bekleidung, Bestellung 4471-2291 im Onlineshop',
      subjectCode: { key: 'purchase', params: { goods: 'clothing', order: '4471-2291' } },
      main: 42990,
      interest: 1237,
      costs: 14557,
      extra: { hasVideo: true },
    });
    // An invoice's number carries the year of its date (issue 25, finding 11: "RE-2025-…" was
    // dated 2026 once the demo's dates moved with the clock).
    const invoice = (serial: string, daysAgo: number) => {
      const invoiceDate = isoDate(today, -daysAgo);
      const invoiceNumber = `RE-${invoiceDate.slice(0, 4)}-${serial}`;
      return { invoiceNumber, invoiceDate, documentKey: `invoices/${invoiceNumber}.pdf` };
    };
    await tx.insert(t.invoices).values([
      {
        fileId: f1,
        ...invoice('118842', 230),
        dueDate: isoDate(today, -216),
        amountMinor: 25995,
        description: 'Wintermantel, Wollmischung',
        descriptions: invoiceDescriptions.winterCoat,
      },
      {
        fileId: f1,
        ...invoice('121907', 221),
        dueDate: isoDate(today, -207),
        amountMinor: 16995,
        description: 'Stiefel und Schal',
        descriptions: invoiceDescriptions.bootsAndScarf,
      },
    ]);

    // 100000002: instalment plan running; next instalment ahead; skip and plan offered.
    const d2 = await addDebtor(
      person('Mehmet', 'Yılmaz', 1, 'Bahnhofstraße', '3a', '44135', 'Dortmund', 'DE', 'm.yilmaz@example.org', {
        preferredLanguage: 'tr',
      }),
    );
    const f2 = await addFile({
      refno: '100000002',
      debtorId: d2,
      variant: 'de',
      creditor: 'Telvia',
      status: '2',
      subState: 'instalmentRunning',
      statusDaysAgo: 70,
      subject: 'Mobilfunkvertrag Nr. 88-301-7744, Grundgebühren März bis Juni',
      subjectCode: { key: 'mobileContract', params: { contract: '88-301-7744' } },
      main: 89000,
      interest: 2140,
      costs: 12870,
      payments: 30000,
    });
    await addPlan(tx, f2, today, { total: 104010, monthly: 15000, paidCount: 2, firstDueDaysAgo: 58, fee: 0 });
    await tx.insert(t.paymentsMade).values([
      {
        fileId: f2,
        bookedOn: isoDate(today, -57),
        amountMinor: 15000,
        turnover: 'payment',
        balanceMinor: 89010,
        providerId: '6',
        reference: 'Rate 1',
      },
      {
        fileId: f2,
        bookedOn: isoDate(today, -27),
        amountMinor: 15000,
        turnover: 'payment',
        balanceMinor: 74010,
        providerId: '6',
        reference: 'Rate 2',
      },
    ]);

    // 100000003: down payment pending (status 24) before the plan starts.
    const d3 = await addDebtor(
      person('Julia', 'Becker', 2, 'Gartenweg', '7', '04109', 'Leipzig', 'DE', 'julia.becker@example.org'),
    );
    const f3 = await addFile({
      refno: '100000003',
      debtorId: d3,
      variant: 'de',
      creditor: 'Stadtwerke Elbtal',
      status: '24',
      statusDaysAgo: 2,
      subject: 'Stromlieferung, Jahresabrechnung Vertragskonto 2200418',
      subjectCode: { key: 'electricity', params: { account: '2200418' } },
      main: 118450,
      interest: 3120,
      costs: 16880,
    });
    await tx
      .insert(t.deposits)
      .values({ fileId: f3, kind: 'downPayment', amountMinor: 20000, dueOn: isoDate(today, 5), status: 'pending' });
    await addPlan(tx, f3, today, {
      total: 138450 - 20000,
      monthly: 10000,
      paidCount: 0,
      firstDueDaysAgo: -35,
      fee: 0,
      status: 'pending',
    });

    // 100000004: a deferral was already granted once.
    const d4 = await addDebtor(
      person('Lukas', 'Hoffmann', 1, 'Schillerstraße', '22', '30159', 'Hannover', 'DE', 'lukas.hoffmann@example.org'),
    );
    const f4 = await addFile({
      refno: '100000004',
      debtorId: d4,
      variant: 'de',
      creditor: 'FitLine',
      status: '2',
      subState: 'deferred',
      statusDaysAgo: 10,
      subject: 'Mitgliedschaft Fitnessstudio, Beiträge Januar bis April',
      subjectCode: { key: 'membership', params: {} },
      main: 31960,
      interest: 840,
      costs: 9350,
    });
    await tx.insert(t.deferrals).values({
      fileId: f4,
      grantedAt: at(today, -10),
      payBy: isoDate(today, 20),
      noticeDays: 30,
      feeMinor: 0,
      providerId: '6',
    });

    // 100000005: instalments only after a deposit of 150.00 EUR (instalment error code 5).
    const d5 = await addDebtor(
      person('Sabine', 'Wagner', 2, 'Am Markt', '1', '99084', 'Erfurt', 'DE', 'sabine.wagner@example.org'),
    );
    const f5 = await addFile({
      refno: '100000005',
      debtorId: d5,
      variant: 'de',
      creditor: 'Telvia',
      status: '1',
      subject: 'Festnetz- und Internetvertrag Nr. 41-220-0917',
      subjectCode: { key: 'telecomContract', params: { contract: '41-220-0917' } },
      main: 76420,
      interest: 2410,
      costs: 11330,
      extra: { instalmentErrorCode: 5, depositRequiredMinor: 15000 },
    });
    await tx.insert(t.instalmentPlans).values({
      fileId: f5,
      status: 'cancelled',
      residualClaimMinor: 90160,
      totalMinor: 90160,
      monthlyMinor: 5000,
      instalmentCount: 19,
      firstDueOn: isoDate(today, -200),
    });

    // 100000006: settled (status 3); a notice of completion can be requested.
    const d6 = await addDebtor(
      person('Thomas', 'Klein', 1, 'Rosenstraße', '9', '68159', 'Mannheim', 'DE', 'thomas.klein@example.org'),
    );
    const f6 = await addFile({
      refno: '100000006',
      debtorId: d6,
      variant: 'de',
      creditor: 'Nordwind',
      status: '3',
      statusDaysAgo: 6,
      subject: 'Kaufvertrag über Haushaltswaren, Bestellung 3390-1184',
      subjectCode: { key: 'purchase', params: { goods: 'householdGoods', order: '3390-1184' } },
      main: 18990,
      interest: 420,
      costs: 7050,
      payments: 26460,
    });
    await tx.insert(t.paymentsMade).values({
      fileId: f6,
      bookedOn: isoDate(today, -6),
      amountMinor: 26460,
      turnover: 'payment',
      balanceMinor: 0,
      providerId: '4',
      reference: 'Kartenzahlung',
    });

    // 100000007: enforcement measure running (42); functions are refused.
    const d7 = await addDebtor(
      person('Stefan', 'Richter', 1, 'Kirchgasse', '5', '55116', 'Mainz', 'DE', 'stefan.richter@example.org'),
    );
    await addFile({
      refno: '100000007',
      debtorId: d7,
      variant: 'de',
      creditor: 'Stadtwerke Elbtal',
      status: '42',
      statusDaysAgo: 21,
      subject: 'Gaslieferung, Schlussrechnung Vertragskonto 2210773',
      subjectCode: { key: 'gasFinal', params: { account: '2210773' } },
      main: 243080,
      interest: 18930,
      costs: 41220,
      extra: { functionsBlocked: true },
    });

    // 100000008: special settlement offer and a flood-area notice, shown by orderNo.
    const d8 = await addDebtor(
      person('Claudia', 'Neumann', 2, 'Uferstraße', '31', '94032', 'Passau', 'DE', 'claudia.neumann@example.org', {
        inFloodedArea: true,
      }),
    );
    const f8 = await addFile({
      refno: '100000008',
      debtorId: d8,
      variant: 'de',
      creditor: 'Heimwerk24',
      status: '1',
      subject: 'Kaufvertrag über Gartengeräte, Bestellung 77-01942',
      subjectCode: { key: 'purchase', params: { goods: 'gardenTools', order: '77-01942' } },
      main: 64900,
      interest: 1980,
      costs: 10380,
    });
    await tx.insert(t.specialOffers).values({ fileId: f8, amountMinor: 54000, validTill: isoDate(today, 14) });
    await tx.insert(t.modals).values([
      { fileId: f8, kind: 'floodArea', orderNo: 1 },
      { fileId: f8, kind: 'specialOffer', orderNo: 2, payload: { amountMinor: 54000, validTill: isoDate(today, 14) } },
    ]);

    // 100000009: the password must be changed before anything else.
    const d9 = await addDebtor(
      person('Paul', 'Schulz', 1, 'Hauptstraße', '101', '10827', 'Berlin', 'DE', 'paul.schulz@example.org', {
        mustChangePassword: true,
      }),
    );
    await addFile({
      refno: '100000009',
      debtorId: d9,
      variant: 'de',
      creditor: 'FitLine',
      status: '1',
      subject: 'Mitgliedschaft Fitnessstudio, Beiträge Mai bis Juli',
      subjectCode: { key: 'membership', params: {} },
      main: 23970,
      interest: 510,
      costs: 7050,
    });

    // 100000010: one debtor with three listed files (subcases 1 to 3) and one under legal blocking.
    const d10 = await addDebtor(
      person(
        'Maria',
        'García López',
        2,
        'Eichendorffstraße',
        '18',
        '90491',
        'Nürnberg',
        'DE',
        'maria.garcia@example.org',
        { preferredLanguage: 'es' },
      ),
    );
    await addFile({
      refno: '100000010',
      subcase: 1,
      debtorId: d10,
      variant: 'de',
      creditor: 'Telvia',
      status: '1',
      subject: 'Mobilfunkvertrag Nr. 88-455-0021',
      subjectCode: { key: 'mobileContract', params: { contract: '88-455-0021' } },
      main: 15980,
      interest: 310,
      costs: 5850,
    });
    await addFile({
      refno: '100000010',
      subcase: 2,
      debtorId: d10,
      variant: 'de',
      creditor: 'Stadtwerke Elbtal',
      status: '2',
      subState: 'paymentNoted',
      subject: 'Wasser und Abwasser, Abrechnung Vertragskonto 2231190',
      subjectCode: { key: 'water', params: { account: '2231190' } },
      main: 41275,
      interest: 980,
      costs: 9350,
    });
    await addFile({
      refno: '100000010',
      subcase: 3,
      debtorId: d10,
      variant: 'de',
      creditor: 'Nordwind',
      status: '1',
      subject: 'Kaufvertrag über Elektronik, Bestellung 5120-7730',
      subjectCode: { key: 'purchase', params: { goods: 'electronics', order: '5120-7730' } },
      main: 34900,
      interest: 620,
      costs: 9350,
    });
    await addFile({
      refno: '100000010',
      subcase: 4,
      debtorId: d10,
      variant: 'de',
      creditor: 'FitLine',
      status: '1',
      subject: 'Mitgliedschaft Fitnessstudio (gesperrt)',
      subjectCode: { key: 'membership', params: {} },
      main: 9990,
      interest: 0,
      costs: 3750,
      extra: { legalBlocking: true },
    });

    // 100000011: SEPA direct debit active (status 22).
    const d11 = await addDebtor(
      person('Andreas', 'Wolf', 1, 'Lessingstraße', '6', '01069', 'Dresden', 'DE', 'andreas.wolf@example.org', {
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        accountHolder: 'Andreas Wolf',
      }),
    );
    const f11 = await addFile({
      refno: '100000011',
      debtorId: d11,
      variant: 'de',
      creditor: 'Stadtwerke Elbtal',
      status: '22',
      statusDaysAgo: 30,
      subject: 'Fernwärme, Jahresabrechnung Vertragskonto 2240015',
      subjectCode: { key: 'districtHeating', params: { account: '2240015' } },
      main: 96000,
      interest: 1870,
      costs: 12870,
      payments: 10000,
    });
    await addPlan(tx, f11, today, {
      total: 110740,
      monthly: 10000,
      paidCount: 1,
      firstDueDaysAgo: 28,
      fee: 0,
      sepa: true,
    });
    // Its mandate, as signed (the printable mandate shows this account, reference and date).
    const [plan11] = await tx
      .select({ id: t.instalmentPlans.id, firstDueOn: t.instalmentPlans.firstDueOn })
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.fileId, f11));
    await tx.insert(t.sepaMandates).values({
      fileId: f11,
      mandateReference: `CI-100000011-P${plan11!.id}`,
      creditorId: variants.de.sepa!.creditorId,
      accountHolder: 'Andreas Wolf',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      purpose: 'plan',
      agreementId: plan11!.id,
      targetDate: plan11!.firstDueOn,
      signedAt: new Date(today.getTime() - 29 * 86_400_000),
    });

    // 100000012: requested documents waiting in the upload center.
    const d12 = await addDebtor(
      person('Elif', 'Demir', 2, 'Körnerstraße', '40', '22301', 'Hamburg', 'DE', 'elif.demir@example.org', {
        preferredLanguage: 'tr',
      }),
    );
    const f12 = await addFile({
      refno: '100000012',
      debtorId: d12,
      variant: 'de',
      creditor: 'Nordwind',
      status: '1',
      subject: 'Kaufvertrag über Möbel, Bestellung 6631-0042',
      subjectCode: { key: 'purchase', params: { goods: 'furniture', order: '6631-0042' } },
      main: 129900,
      interest: 4210,
      costs: 16880,
      extra: { showUploadCenter: true },
    });
    await tx.insert(t.documentRequests).values([
      { fileId: f12, templateId: 'proofOfIncome', category: 'income', categoryPosition: 2 },
      { fileId: f12, templateId: 'identityDocument', category: 'identity', categoryPosition: 1 },
      { fileId: f12, templateId: 'paymentReceipt', category: 'payments', categoryPosition: 3 },
    ]);

    // 100000013: no e-mail yet, another team handles the case, delivery costs of an earlier measure
    // may be missing from the total. Open (status 1): sign-in is refused while a measure runs
    // (40, 41, 42; decision 019), so the notices are shown once the measure is over.
    const d13 = await addDebtor(person('Kerstin', 'Braun', 2, 'Talstraße', '12', '66119', 'Saarbrücken', 'DE', null));
    const f13 = await addFile({
      refno: '100000013',
      debtorId: d13,
      variant: 'de',
      creditor: 'Heimwerk24',
      status: '1',
      statusDaysAgo: 12,
      subject: 'Kaufvertrag über Werkzeug, Bestellung 77-03318',
      subjectCode: { key: 'purchase', params: { goods: 'tools', order: '77-03318' } },
      main: 28800,
      interest: 720,
      costs: 9350,
    });
    await tx.insert(t.modals).values([
      { fileId: f13, kind: 'emailCapture', orderNo: 1 },
      { fileId: f13, kind: 'redirectNotice', orderNo: 2 },
      { fileId: f13, kind: 'deliveryCosts', orderNo: 3 },
    ]);

    // Country and brand variants.
    const dAt = await addDebtor(
      person('Florian', 'Gruber', 1, 'Praterstraße', '38', '1020', 'Wien', 'AT', 'florian.gruber@example.org'),
    );
    await addFile({
      refno: '200000001',
      debtorId: dAt,
      variant: 'at',
      creditor: 'Alpenstrom',
      status: '1',
      subject: 'Stromlieferung, Jahresabrechnung Kundennummer 601-22871',
      subjectCode: { key: 'electricity', params: { account: '601-22871' } },
      main: 52740,
      interest: 1390,
      costs: 8820,
    });

    const dCh = await addDebtor(
      person('Céline', 'Favre', 2, 'Rue de Lausanne', '64', '1202', 'Genève', 'CH', 'celine.favre@example.org', {
        preferredLanguage: 'fr',
        phone: '+41 79 123 45 67',
      }),
    );
    await addFile({
      refno: '300000001',
      debtorId: dCh,
      variant: 'ch',
      creditor: 'Limmat Versand',
      currency: 'CHF',
      status: '1',
      subject: 'Kaufvertrag, Bestellung 20-55871 (Elektrogeräte)',
      subjectCode: { key: 'purchase', params: { goods: 'appliances', order: '20-55871' } },
      main: 68950,
      interest: 1720,
      costs: 9500,
    });

    const dSe = await addDebtor(
      person(
        'Erik',
        'Johansson',
        1,
        'Drottninggatan',
        '58',
        '111 21',
        'Stockholm',
        'SE',
        'erik.johansson@example.org',
        {
          preferredLanguage: 'sv',
          phone: '+46 70 123 45 67',
          personalNumberHash: options.hashPersonalNumber('198505172386'),
        },
      ),
    );
    await addFile({
      refno: '400000001',
      debtorId: dSe,
      variant: 'se',
      creditor: 'Nordic Home',
      currency: 'SEK',
      status: '1',
      subject: 'Köpeavtal, order 31-77820 (möbler)',
      subjectCode: { key: 'purchase', params: { goods: 'furniture', order: '31-77820' } },
      main: 849000,
      interest: 21300,
      costs: 18000,
    });

    const dNo = await addDebtor(
      person('Ingrid', 'Hansen', 2, 'Storgata', '12', '0155', 'Oslo', 'NO', 'ingrid.hansen@example.org', {
        phone: '+47 912 34 567',
        personalNumberHash: options.hashPersonalNumber('17058512345'),
      }),
    );
    await addFile({
      refno: '500000001',
      debtorId: dNo,
      variant: 'no',
      creditor: 'Fjordnett',
      currency: 'NOK',
      status: '1',
      subject: 'Bredbåndsavtale 55-10934, månedsavgifter',
      subjectCode: { key: 'broadbandContract', params: { contract: '55-10934' } },
      main: 512000,
      interest: 9800,
      costs: 14000,
    });

    const dPc = await addDebtor(
      person('Nina', 'Krüger', 2, 'Bergstraße', '2', '69120', 'Heidelberg', 'DE', 'nina.krueger@example.org'),
    );
    await addFile({
      refno: '600000001',
      debtorId: dPc,
      variant: 'paycare',
      creditor: 'Heimwerk24',
      status: '1',
      subject: 'Kaufvertrag über Baustoffe, Bestellung 77-05521',
      subjectCode: { key: 'purchase', params: { goods: 'buildingMaterials', order: '77-05521' } },
      main: 38750,
      interest: 940,
      costs: 9350,
    });
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A plan with monthly rows; the last row carries the remainder (position order, due dates monthly). */
async function addPlan(
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
