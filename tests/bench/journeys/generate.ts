/**
 * The files of `npm run bench:journeys` (issue 28): N debtors' files at agency scale, written
 * beside the demo files (server/demo/) with the same shapes the demo modules write, in every
 * status and variant: open claims (some with a special offer, an instalment refusal code, a
 * deposit required, requested documents, an e-mail capture), instalment plans running (by
 * transfer or SEPA direct debit with the signed mandate), deferrals, down payments pending,
 * settled and stopped files, measures and enforcement, in the six variants with their
 * currencies and cost rules, debtors with several files (the claims list), with and without a
 * password or an e-mail address.
 *
 * Deterministic: the same seed, count and day write the same rows (faker's generators seeded per
 * file). Fast: ids are given here, not returned by the database, so each table of a batch of
 * files is one multi-row INSERT; the sequences are moved past the ids at the end. Works on any
 * client with `query(text, params)` (pg's Pool, PGlite). The demo data must be there first (its
 * creditors are the files' creditors).
 *
 * Reference numbers start at 700000000 and subcases follow the demo's 100000010 (several files
 * of one debtor under one number). Each file's letter link is signed by `letterLinkFor` with the
 * server's SESSION_SECRET, as the agency's print run does, so no table holds links ahead.
 */
import { fakerDE, fakerDE_AT, fakerDE_CH, fakerNB_NO, fakerSV, type Faker } from '@faker-js/faker';

export type Variant = 'de' | 'at' | 'ch' | 'se' | 'no' | 'paycare';
type Row = Record<string, unknown>;

export interface Query {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

export interface GenerateOptions {
  /** How many files (a debtor with several files counts each). */
  count: number;
  seed?: number;
  /** The agency's day the files are dated from (midnight UTC). */
  today: Date;
  /** One argon2id hash for every debtor who has a password (hashing a million would take hours). */
  passwordHash: string;
  /** Files per batch of INSERTs. */
  batch?: number;
  onProgress?: (written: number) => void;
}

/** The first generated reference number; the demo files use 100000001 to 600000001. */
export const firstRefno = 700_000_000;

/** The archetypes and their shares of an agency's files, in per mille. */
export const archetypes = [
  ['open', 400],
  ['openOffer', 30],
  ['openRefused', 30],
  ['openDeposit', 10],
  ['openDocuments', 20],
  ['planRunning', 120],
  ['planOverdue', 20],
  ['deferred', 30],
  ['paymentNoted', 20],
  ['postponed', 10],
  ['settledByAgreement', 30],
  ['settled', 80],
  ['stopped', 20],
  ['deferral20', 20],
  ['sepaActive', 40],
  ['processing', 20],
  ['downPaymentPending', 20],
  ['measure40', 20],
  ['measure41', 20],
  ['enforcement', 40],
] as const satisfies ReadonlyArray<readonly [string, number]>;
export type Archetype = (typeof archetypes)[number][0];

const variantShares: ReadonlyArray<readonly [Variant, number]> = [
  ['de', 600],
  ['at', 100],
  ['ch', 80],
  ['se', 80],
  ['no', 60],
  ['paycare', 80],
];

const variantSettings: Record<
  Variant,
  {
    faker: Faker;
    country: string;
    currency: string;
    scale: number;
    rateBp: number;
    dunning: number;
    address: number;
    bases: [string, string, string];
    phone: string;
    creditors: string[];
  }
> = {
  de: {
    faker: fakerDE,
    country: 'DE',
    currency: 'EUR',
    scale: 1,
    rateBp: 500,
    dunning: 500,
    address: 350,
    bases: ['DE.bgbDefault', 'DE.bgbDefault', 'DE.rdgRvg'],
    phone: '+49 151 ',
    creditors: ['Nordwind', 'Stadtwerke Elbtal', 'Telvia', 'FitLine', 'Heimwerk24', 'Modehaus Lindner'],
  },
  paycare: {
    faker: fakerDE,
    country: 'DE',
    currency: 'EUR',
    scale: 1,
    rateBp: 500,
    dunning: 500,
    address: 350,
    bases: ['DE.bgbDefault', 'DE.bgbDefault', 'DE.rdgRvg'],
    phone: '+49 160 ',
    creditors: ['Nordwind', 'Telvia', 'Modehaus Lindner'],
  },
  at: {
    faker: fakerDE_AT,
    country: 'AT',
    currency: 'EUR',
    scale: 1,
    rateBp: 400,
    dunning: 500,
    address: 350,
    bases: ['AT.abgb1333', 'AT.abgb1333', 'AT.abgb1333Fees'],
    phone: '+43 664 ',
    creditors: ['Alpenstrom'],
  },
  ch: {
    faker: fakerDE_CH,
    country: 'CH',
    currency: 'CHF',
    scale: 1,
    rateBp: 500,
    dunning: 2000,
    address: 2500,
    bases: ['CH.or106', 'CH.or106', 'CH.or106'],
    phone: '+41 79 ',
    creditors: ['Limmat Versand'],
  },
  se: {
    faker: fakerSV,
    country: 'SE',
    currency: 'SEK',
    scale: 11,
    rateBp: 800,
    dunning: 6000,
    address: 0,
    bases: ['SE.costsAct', 'SE.costsAct', 'SE.costsActOrdinance'],
    phone: '+46 70 ',
    creditors: ['Nordic Home'],
  },
  no: {
    faker: fakerNB_NO,
    country: 'NO',
    currency: 'NOK',
    scale: 11,
    rateBp: 1275,
    dunning: 3500,
    address: 0,
    bases: ['NO.debtCollectionAct17', 'NO.debtCollectionAct17', 'NO.debtCollectionRegulation'],
    phone: '+47 412 ',
    creditors: ['Fjordnett'],
  },
};

const subjects: ReadonlyArray<{ key: string; text: string; param?: 'order' | 'contract' | 'account' }> = [
  { key: 'purchase', text: 'Kaufvertrag, Bestellung', param: 'order' },
  { key: 'mobileContract', text: 'Mobilfunkvertrag Nr.', param: 'contract' },
  { key: 'telecomContract', text: 'Telefonvertrag Nr.', param: 'contract' },
  { key: 'broadbandContract', text: 'Internetvertrag Nr.', param: 'contract' },
  { key: 'electricity', text: 'Stromlieferung, Vertragskonto', param: 'account' },
  { key: 'gasFinal', text: 'Gas, Schlussrechnung Vertragskonto', param: 'account' },
  { key: 'water', text: 'Wasser, Abrechnung Vertragskonto', param: 'account' },
  { key: 'districtHeating', text: 'Fernwärme, Vertragskonto', param: 'account' },
  { key: 'membership', text: 'Mitgliedsbeiträge' },
];
const goods = ['clothing', 'householdGoods', 'gardenTools', 'electronics', 'furniture', 'tools', 'appliances'];
const languages = ['de', 'en', 'tr', 'fr', 'it', 'es', 'sv'];

/** The archetype of generated file number `index` (0-based), the same for every run with the seed. */
function pick<T>(shares: ReadonlyArray<readonly [T, number]>, x: number): T {
  let left = x * shares.reduce((sum, [, share]) => sum + share, 0);
  for (const [value, share] of shares) {
    left -= share;
    if (left < 0) return value;
  }
  return shares.at(-1)![0];
}

function isoDate(today: Date, days: number): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
function at(today: Date, days: number, hour = 10): Date {
  return new Date(today.getTime() + days * 86_400_000 + hour * 3_600_000);
}
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Next ids of every table written, read once from the database before the first batch. */
type Ids = Record<(typeof tables)[number], number>;
const tables = [
  'debtors',
  'files',
  'file_status_history',
  'invoices',
  'collection_costs',
  'payments_made',
  'events',
  'instalment_plans',
  'instalment_rows',
  'deferrals',
  'deposits',
  'special_offers',
  'modals',
  'document_requests',
  'sepa_mandates',
] as const;

interface Batch {
  rows: Record<(typeof tables)[number], Row[]>;
}

/** What one file of the batch is: its debtor (new or the previous file's) and archetype. */
export interface PlannedFile {
  refno: string;
  subcase: number;
  variant: Variant;
  archetype: Archetype;
}

/**
 * The reference number, subcase, variant and archetype of generated file `index`: every 25th
 * debtor has three files under one number (subcases 1 to 3), everyone else one.
 */
export function plannedFile(index: number, seed = 1): PlannedFile {
  const group = Math.floor(index / 27) * 27;
  const inGroup = index - group;
  // In each group of 27 files: 24 debtors with one file, one debtor with three (positions 24–26).
  const subcase = inGroup >= 24 ? inGroup - 23 : 1;
  const debtorIndex = inGroup >= 24 ? group + 24 : index;
  const x = fraction(seed, index);
  const v = fraction(seed + 7919, debtorIndex);
  return {
    refno: String(firstRefno + debtorIndex),
    subcase,
    variant: pick(variantShares, v),
    archetype: pick(archetypes, x),
  };
}

/** A deterministic number in [0, 1) for (seed, n): a 32-bit integer hash (splitmix-like). */
function fraction(seed: number, n: number): number {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 4_294_967_296;
}

export interface GenerateSummary {
  files: number;
  debtors: number;
  rows: Record<string, number>;
  byArchetype: Record<string, number>;
  byVariant: Record<string, number>;
}

export async function generateFiles(client: Query, options: GenerateOptions): Promise<GenerateSummary> {
  const seed = options.seed ?? 1;
  const batchSize = options.batch ?? 2000;
  const creditorRows = (await client.query('select id, name from creditors')).rows as Array<{
    id: number;
    name: string;
  }>;
  const creditor = (name: string) => {
    const row = creditorRows.find((c) => c.name.startsWith(name));
    if (!row) throw new Error(`creditor ${name} missing: the demo data must be written first`);
    return row.id;
  };
  const existing = await client.query(`select count(*)::int as n from files where refno >= $1 and refno < $2`, [
    String(firstRefno),
    String(firstRefno + 100_000_000),
  ]);
  if (Number(existing.rows[0]!.n) > 0)
    throw new Error('generated files are already there: start from a fresh database');
  const ids = {} as Ids;
  for (const table of tables) {
    const { rows } = await client.query(`select coalesce(max(id), 0)::int as max from ${table}`);
    ids[table] = Number(rows[0]!.max) + 1;
  }
  const summary: GenerateSummary = { files: 0, debtors: 0, rows: {}, byArchetype: {}, byVariant: {} };
  // A debtor's files may straddle two batches: the debtor of the last file written carries over.
  let debtorId = 0;
  for (let start = 0; start < options.count; start += batchSize) {
    const batch: Batch = { rows: Object.fromEntries(tables.map((t) => [t, []])) as unknown as Batch['rows'] };
    const end = Math.min(options.count, start + batchSize);
    for (let index = start; index < end; index++) {
      const planned = plannedFile(index, seed);
      if (planned.subcase === 1) {
        debtorId = ids.debtors++;
        batch.rows.debtors.push(debtorRow(debtorId, planned, index, seed, options.passwordHash));
        summary.debtors++;
      }
      writeFile(batch, ids, planned, debtorId, index, seed, options.today, creditor);
      summary.byArchetype[planned.archetype] = (summary.byArchetype[planned.archetype] ?? 0) + 1;
      summary.byVariant[planned.variant] = (summary.byVariant[planned.variant] ?? 0) + 1;
      summary.files++;
    }
    for (const table of tables) {
      await insertRows(client, table, batch.rows[table]);
      summary.rows[table] = (summary.rows[table] ?? 0) + batch.rows[table].length;
    }
    options.onProgress?.(end);
  }
  for (const table of tables) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  return summary;
}

/** Multi-row INSERTs, as many rows per statement as PostgreSQL's 65,535 parameters allow. */
async function insertRows(client: Query, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const perStatement = Math.floor(65_535 / columns.length);
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = columns.map((column) => {
        const value = row[column];
        params.push(
          value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
        );
        return `$${params.length}`;
      });
      return `(${marks.join(',')})`;
    });
    await client.query(`insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`, params);
  }
}

function debtorRow(id: number, planned: PlannedFile, index: number, seed: number, passwordHash: string): Row {
  const settings = variantSettings[planned.variant];
  const faker = settings.faker;
  faker.seed(seed * 1_000_003 + index);
  const company = faker.number.int(99) < 4;
  const sex = faker.helpers.arrayElement(['female', 'male'] as const);
  const first = faker.person.firstName(sex);
  const last = faker.person.lastName();
  const hasEmail = faker.number.int(99) < 75;
  const email = hasEmail
    ? `${first}.${last}.${id}@example.org`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9.@]/g, '')
    : null;
  return {
    id,
    salutation: company ? 3 : sex === 'female' ? 2 : 1,
    person_type: company ? 'company' : 'person',
    company_name: company ? faker.company.name() : null,
    first_name: company ? null : first,
    last_name: company ? null : last,
    birthdate: company ? null : faker.date.birthdate({ min: 18, max: 85, mode: 'age' }).toISOString().slice(0, 10),
    street_name: faker.location.street(),
    house_number: String(faker.number.int({ min: 1, max: 180 })),
    postal_code: faker.location.zipCode(),
    city: faker.location.city(),
    country_code: settings.country,
    email,
    email_set_once: hasEmail,
    phone: faker.number.int(99) < 60 ? `${settings.phone}${faker.string.numeric(7)}` : null,
    matchcode: company ? null : `${last.toUpperCase()}${first.slice(0, 1).toUpperCase()}`,
    preferred_language: faker.number.int(99) < 15 ? faker.helpers.arrayElement(languages) : null,
    password_hash: faker.number.int(99) < 70 ? passwordHash : null,
    in_flooded_area: faker.number.int(999) < 5,
  };
}

function writeFile(
  batch: Batch,
  ids: Ids,
  planned: PlannedFile,
  debtorId: number,
  index: number,
  seed: number,
  today: Date,
  creditor: (name: string) => number,
): void {
  const rows = batch.rows;
  const s = variantSettings[planned.variant];
  const faker = s.faker;
  faker.seed(seed * 7_000_001 + index);
  const archetype = planned.archetype;
  const fileId = ids.files++;
  const subject = faker.helpers.arrayElement(subjects);
  const number = faker.string.numeric({ length: 7, allowLeadingZeros: false });
  const params: Record<string, string> =
    subject.param === 'order'
      ? { goods: faker.helpers.arrayElement(goods), order: `${number.slice(0, 4)}-${number.slice(4)}` }
      : subject.param
        ? { [subject.param]: number }
        : {};
  const main = faker.number.int({ min: 30, max: 2_500 }) * 100 * s.scale + faker.number.int(99);
  const interest = Math.round((main * s.rateBp * faker.number.int({ min: 60, max: 400 })) / 3_650_000);
  const traced = s.address > 0 && faker.number.int(99) < 30;
  const collectionFee = Math.round(main * 0.12) + 2_000 * s.scale;
  const costs = s.dunning + (traced ? s.address : 0) + collectionFee;
  const total = main + interest + costs;
  const statusDaysAgo = faker.number.int({ min: 1, max: 80 });
  const contractDaysAgo = faker.number.int({ min: 150, max: 700 });
  const status = statusOf(archetype);
  const settledLike = archetype === 'settled' || archetype === 'settledByAgreement';
  let payments = settledLike ? total : 0;
  const plan =
    archetype === 'planRunning' ||
    archetype === 'planOverdue' ||
    archetype === 'sepaActive' ||
    archetype === 'downPaymentPending';
  const monthly = Math.max(1_000 * s.scale, Math.round(total / faker.number.int({ min: 4, max: 18 }) / 100) * 100);
  const paidCount =
    archetype === 'planRunning' || archetype === 'sepaActive' ? faker.number.int({ min: 0, max: 3 }) : 0;
  if (plan) payments = Math.min(total - monthly, paidCount * monthly);
  if (archetype === 'paymentNoted') payments = Math.round(total / 3);
  const sepa = archetype === 'sepaActive' && (planned.variant === 'de' || planned.variant === 'paycare');
  rows.files.push({
    id: fileId,
    refno: planned.refno,
    subcase: planned.subcase,
    debtor_id: debtorId,
    variant: planned.variant,
    creditor_id: creditor(faker.helpers.arrayElement(s.creditors)),
    original_creditor_id: faker.number.int(99) < 10 ? creditor('Modehaus Lindner') : null,
    currency: s.currency,
    status_code: sepa || archetype !== 'sepaActive' ? status.code : '2',
    sub_state: sepa || archetype !== 'sepaActive' ? status.subState : 'instalmentRunning',
    status_date: isoDate(today, -statusDaysAgo),
    claim_subject: `${subject.text} ${number}`,
    subject_key: subject.key,
    subject_params: params,
    contract_date: isoDate(today, -contractDaysAgo),
    main_claim_minor: main,
    interest_minor: interest,
    costs_minor: costs,
    payments_minor: payments,
    interest_rate_bp: s.rateBp,
    interest_basis: 'statutoryDefault',
    interest_from: isoDate(today, -(contractDaysAgo - 45)),
    address_traced: traced,
    has_video: faker.number.int(99) < 20,
    show_upload_center: archetype === 'openDocuments',
    letter_link_is_full_login: faker.number.int(99) < 90,
    instalment_error_code:
      archetype === 'openRefused' ? faker.number.int({ min: 1, max: 6 }) : archetype === 'openDeposit' ? 5 : null,
    deposit_required_minor: archetype === 'openDeposit' ? Math.round(total / 5 / 100) * 100 : null,
    functions_blocked: archetype === 'enforcement',
    legal_blocking: faker.number.int(999) < 3,
    closed_at: settledLike || archetype === 'stopped' ? at(today, -statusDaysAgo) : null,
  });
  rows.file_status_history.push({
    id: ids.file_status_history++,
    file_id: fileId,
    status_code: '1',
    changed_at: at(today, -90),
    reason: 'handedOver',
  });
  if (status.code !== '1') {
    rows.file_status_history.push({
      id: ids.file_status_history++,
      file_id: fileId,
      status_code: status.code,
      sub_state: status.subState,
      changed_at: at(today, -statusDaysAgo),
      reason: null,
    });
  }
  rows.collection_costs.push(
    {
      id: ids.collection_costs++,
      file_id: fileId,
      kind: 'dunningFee',
      amount_minor: s.dunning,
      legal_basis: s.bases[0],
    },
    ...(traced
      ? [
          {
            id: ids.collection_costs++,
            file_id: fileId,
            kind: 'addressInquiry',
            amount_minor: s.address,
            legal_basis: s.bases[1],
          },
        ]
      : []),
    {
      id: ids.collection_costs++,
      file_id: fileId,
      kind: 'collectionFee',
      amount_minor: collectionFee,
      legal_basis: s.bases[2],
    },
  );
  for (const [days, kind, letter] of [
    [-90, 'handedOver', null],
    [-88, 'letterSent', 'firstNotice'],
    [-60, 'letterSent', 'reminder'],
    [-30, 'letterSent', 'finalReminder'],
  ] as const) {
    rows.events.push({
      id: ids.events++,
      file_id: fileId,
      occurred_at: at(today, days),
      kind,
      detail: letter ? { letter } : null,
    });
  }
  const invoiceCount = faker.number.int({ min: 1, max: 3 });
  let invoiced = 0;
  for (let i = 0; i < invoiceCount; i++) {
    const amount = i === invoiceCount - 1 ? main - invoiced : Math.round(main / invoiceCount);
    invoiced += amount;
    const daysAgo = contractDaysAgo - 10 - i * 9;
    const invoiceDate = isoDate(today, -daysAgo);
    const invoiceNumber = `RE-${invoiceDate.slice(0, 4)}-${faker.string.numeric(6)}`;
    rows.invoices.push({
      id: ids.invoices++,
      file_id: fileId,
      invoice_number: invoiceNumber,
      invoice_date: invoiceDate,
      due_date: isoDate(today, -daysAgo + 14),
      amount_minor: amount,
      description: faker.commerce.productName(),
      // No stored PDF: the demo mode renders one at start for every invoice with a key (200,000 here).
      document_key: null,
    });
  }
  let balance = total;
  const booked = (amount: number, daysAgo: number, reference: string) => {
    balance -= amount;
    rows.payments_made.push({
      id: ids.payments_made++,
      file_id: fileId,
      booked_on: isoDate(today, -daysAgo),
      amount_minor: amount,
      turnover: 'payment',
      balance_minor: balance,
      provider_id: '6',
      reference,
    });
  };
  if (settledLike) booked(total, statusDaysAgo, 'Ausgleich');
  if (archetype === 'paymentNoted') booked(payments, statusDaysAgo, 'Teilzahlung');
  if (plan) {
    const planId = ids.instalment_plans++;
    const planTotal = total;
    const count = Math.ceil(planTotal / monthly);
    const firstDaysAgo =
      archetype === 'downPaymentPending' ? -20 : archetype === 'planOverdue' ? 45 : 2 + paidCount * 30;
    const firstDueOn = isoDate(today, -firstDaysAgo);
    rows.instalment_plans.push({
      id: planId,
      file_id: fileId,
      status: archetype === 'downPaymentPending' ? 'pending' : 'active',
      residual_claim_minor: planTotal,
      total_minor: planTotal,
      monthly_minor: monthly,
      instalment_count: count,
      first_due_on: firstDueOn,
      provider_id: sepa ? '3' : '6',
      is_sepa: sepa,
    });
    let remaining = planTotal;
    for (let position = 1; position <= count; position++) {
      const amount = position === count ? remaining : monthly;
      const dueOn = addMonths(firstDueOn, position - 1);
      rows.instalment_rows.push({
        id: ids.instalment_rows++,
        plan_id: planId,
        position,
        due_on: dueOn,
        amount_minor: amount,
        claim_minor: remaining,
        remaining_minor: remaining - amount,
        is_final: position === count,
        paid_at: position <= paidCount ? new Date(`${dueOn}T09:00:00Z`) : null,
      });
      remaining -= amount;
      if (position <= paidCount) booked(amount, firstDaysAgo - (position - 1) * 30 - 1, `Rate ${position}`);
    }
    if (sepa) {
      rows.sepa_mandates.push({
        id: ids.sepa_mandates++,
        file_id: fileId,
        mandate_reference: `CI-${planned.refno}-${planned.subcase}-P${planId}`,
        creditor_id: 'DE98ZZZ09999999999',
        account_holder: `${faker.person.firstName()} ${faker.person.lastName()}`,
        iban: `DE${faker.string.numeric(20)}`,
        bic: null,
        purpose: 'plan',
        agreement_id: planId,
        target_date: firstDueOn,
        signed_at: at(today, -firstDaysAgo - 1),
      });
    }
    if (archetype === 'downPaymentPending') {
      rows.deposits.push({
        id: ids.deposits++,
        file_id: fileId,
        kind: 'downPayment',
        amount_minor: monthly,
        due_on: isoDate(today, 5),
        status: 'pending',
      });
    }
  }
  if (archetype === 'openDeposit') {
    rows.deposits.push({
      id: ids.deposits++,
      file_id: fileId,
      kind: 'deposit',
      amount_minor: Math.round(total / 5 / 100) * 100,
      due_on: isoDate(today, 10),
      status: 'pending',
    });
  }
  if (archetype === 'deferred' || archetype === 'deferral20') {
    rows.deferrals.push({
      id: ids.deferrals++,
      file_id: fileId,
      granted_at: at(today, -statusDaysAgo),
      pay_by: isoDate(today, 30 - statusDaysAgo),
      notice_days: 30,
      fee_minor: 0,
    });
  }
  let orderNo = 1;
  if (archetype === 'openOffer') {
    const amount = Math.round((total * 0.8) / 100) * 100;
    const validTill = isoDate(today, 14);
    rows.special_offers.push({
      id: ids.special_offers++,
      file_id: fileId,
      amount_minor: amount,
      valid_till: validTill,
    });
    rows.modals.push({
      id: ids.modals++,
      file_id: fileId,
      kind: 'specialOffer',
      order_no: orderNo++,
      payload: { amountMinor: amount, validTill },
    });
  }
  if (faker.number.int(99) < 3) {
    rows.modals.push({ id: ids.modals++, file_id: fileId, kind: 'deliveryCosts', order_no: orderNo++, payload: null });
  }
  if (archetype === 'openDocuments') {
    for (const [templateId, category, position] of [
      ['identityDocument', 'identity', 1],
      ['proofOfIncome', 'income', 2],
    ] as const) {
      rows.document_requests.push({
        id: ids.document_requests++,
        file_id: fileId,
        template_id: templateId,
        category,
        category_position: position,
      });
    }
  }
}

/** The status code and sub-state of an archetype's files (also the import batch's, tests/helpers/import-batch.ts). */
export function statusOf(archetype: Archetype): { code: string; subState: string | null } {
  switch (archetype) {
    case 'planRunning':
      return { code: '2', subState: 'instalmentRunning' };
    case 'planOverdue':
      return { code: '2', subState: 'instalmentOverdue' };
    case 'deferred':
      return { code: '2', subState: 'deferred' };
    case 'paymentNoted':
      return { code: '2', subState: 'paymentNoted' };
    case 'postponed':
      return { code: '2', subState: 'postponed' };
    case 'settledByAgreement':
      return { code: '2a', subState: null };
    case 'settled':
      return { code: '3', subState: null };
    case 'stopped':
      return { code: '3a', subState: null };
    case 'deferral20':
      return { code: '20', subState: null };
    case 'sepaActive':
      return { code: '22', subState: null };
    case 'processing':
      return { code: '23', subState: null };
    case 'downPaymentPending':
      return { code: '24', subState: null };
    case 'measure40':
      return { code: '40', subState: null };
    case 'measure41':
      return { code: '41', subState: null };
    case 'enforcement':
      return { code: '42', subState: null };
    default:
      return { code: '1', subState: null };
  }
}
