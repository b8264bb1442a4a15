/**
 * files.version (migration 0011_file_version, decision 056): the database raises it on every write
 * a debtor's signed-in pages could show, so that a page cached under (file, version) is never
 * served after its file changed, whoever wrote (this portal, another instance, the agency's own
 * systems). PGlite, or PostgreSQL with TEST_DATABASE_URL.
 *
 * The structural part keeps the list complete: every table with a file_id column or a foreign key
 * to files, instalment_plans, debtors or creditors either raises the version or is excluded below
 * with its reason. A new such table fails here until someone decides which.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/** Tables whose rows raise the version of the row's file (its file_id). */
const viaFileId = [
  'announced_payments',
  'callbacks',
  'collection_costs',
  'credits',
  'deferrals',
  'deposits',
  'document_requests',
  'events',
  'feedback',
  'feedback_opt_outs',
  'file_status_history',
  'instalment_plans',
  'invoices',
  'messages',
  'modals',
  'payments',
  'payments_made',
  'portal_orders',
  'sepa_mandates',
  'special_offers',
  'uploads',
] as const;

/** Every table that raises a version, with the trigger function and the events it fires on. */
const triggered: Record<string, { fn: string; timing: 'AFTER' | 'BEFORE'; events: string[] }> = {
  ...Object.fromEntries(
    viaFileId.map((table) => [
      table,
      { fn: 'file_version_from_file_id', timing: 'AFTER', events: ['DELETE', 'INSERT', 'UPDATE'] },
    ]),
  ),
  // Through its plan's file.
  instalment_rows: { fn: 'file_version_from_plan_id', timing: 'AFTER', events: ['DELETE', 'INSERT', 'UPDATE'] },
  // The profile page lists the debtor's pending requests whichever of their files is signed in.
  profile_change_requests: {
    fn: 'file_version_from_debtor_id',
    timing: 'AFTER',
    events: ['DELETE', 'INSERT', 'UPDATE'],
  },
  // A debtor without files has nothing to raise: no INSERT trigger.
  debtors: { fn: 'file_version_from_debtor', timing: 'AFTER', events: ['DELETE', 'UPDATE'] },
  creditors: { fn: 'file_version_from_creditor', timing: 'AFTER', events: ['DELETE', 'UPDATE'] },
  files: { fn: 'files_version_on_update', timing: 'BEFORE', events: ['UPDATE'] },
};

/** Tables with a file (or debtor) key that deliberately do not raise the version. */
const excluded: Record<string, string> = {
  sessions: 'written on every request (last_seen_at); the session statement reads it itself',
  letter_links: 'single-use login tokens, marked used at sign-in; never shown',
  audit_log: 'append-only record of every action; never shown to the debtor',
  mail_outbox: "the mail worker's queue (claims, attempts, status); never shown",
  reminder_opt_outs: 'kept by the reminder mailer; pages show debtors.reminders_disabled_at',
};

/** The rows of a plain SQL statement, on either driver (both answer with `rows`). */
const rowsOf = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Tables the rule applies to: a file_id column, or a foreign key to a table a page reads through. */
async function tablesInScope(): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(sql`
    select c.table_name::text as table_name
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'file_id' and tb.table_type = 'BASE TABLE'
    union
    select child.relname::text
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = parent.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()
      and parent.relname in ('files', 'instalment_plans', 'debtors', 'creditors')
    union select 'files' union select 'debtors' union select 'creditors'
    order by 1`);
  return rows.map((r) => r.table_name);
}

/** The version triggers as the database has them: table → function, timing, events. */
async function versionTriggers() {
  const rows = await rowsOf<{ table: string; timing: string; event: string; statement: string }>(sql`
    select event_object_table::text as "table", action_timing::text as timing,
      event_manipulation::text as event, action_statement::text as statement
    from information_schema.triggers
    where event_object_schema = current_schema() and action_orientation = 'ROW'
      and action_statement like '%version%'`);
  const found = new Map<string, { fn: string; timing: string; events: string[] }>();
  for (const row of rows) {
    const fn = /EXECUTE FUNCTION (\w+)\(/i.exec(row.statement)?.[1] ?? row.statement;
    const entry = found.get(row.table) ?? { fn, timing: row.timing, events: [] };
    entry.events.push(row.event);
    entry.events.sort();
    found.set(row.table, entry);
  }
  return found;
}

/** What is wrong with the lists: tables in scope but undecided, decided twice, or triggered otherwise than listed. */
async function problems(): Promise<string[]> {
  const found = await versionTriggers();
  const out: string[] = [];
  for (const table of await tablesInScope()) {
    const want = triggered[table];
    if (!want && !excluded[table]) out.push(`${table}: neither triggered nor excluded with a reason`);
    if (want && excluded[table]) out.push(`${table}: both triggered and excluded`);
    if (excluded[table] && found.has(table)) out.push(`${table}: excluded but has a version trigger`);
  }
  for (const [table, want] of Object.entries(triggered)) {
    expect(found.get(table), table).toEqual(want);
  }
  for (const table of found.keys()) if (!triggered[table]) out.push(`${table}: has a version trigger not listed`);
  return out;
}

let database: TestDatabase;
let db: Database;
/** A and B: two files of one debtor (100000010 subcases 1 and 2); C: another debtor's file. */
let A: { id: number; debtorId: number; creditorId: number; variant: string };
let B: number;
let C: number;
let planA: number;
let planB: number;

const versions = async (): Promise<Map<number, number>> => {
  const rows = await db.select({ id: t.files.id, version: t.files.version }).from(t.files);
  return new Map(rows.map((r) => [r.id, r.version]));
};

/** Runs `write` and returns by how much each file's version rose (only the files that rose). */
async function raised(write: () => Promise<unknown>): Promise<Record<number, number>> {
  const before = await versions();
  await write();
  const after = await versions();
  const out: Record<number, number> = {};
  for (const [id, version] of after) {
    const delta = version - (before.get(id) ?? 0);
    if (delta !== 0) out[id] = delta;
  }
  return out;
}

const fileId = async (refno: string, subcase = 1) => {
  const [row] = await db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  if (!row) throw new Error(`demo file ${refno}-${subcase} missing`);
  return row;
};

beforeAll(async () => {
  database = await createTestDatabase({ today: new Date('2026-11-22T08:00:00Z') });
  db = database.db;
  const a = await fileId('100000010', 1);
  A = { id: a.id, debtorId: a.debtorId, creditorId: a.creditorId, variant: a.variant };
  B = (await fileId('100000010', 2)).id;
  C = (await fileId('100000001')).id;
  const plan = (file: number) => ({
    fileId: file,
    status: 'cancelled' as const,
    residualClaimMinor: 1000,
    totalMinor: 1000,
    monthlyMinor: 500,
    instalmentCount: 2,
    firstDueOn: '2026-12-01',
  });
  planA = (await db.insert(t.instalmentPlans).values(plan(A.id)).returning({ id: t.instalmentPlans.id }))[0]!.id;
  planB = (await db.insert(t.instalmentPlans).values(plan(B)).returning({ id: t.instalmentPlans.id }))[0]!.id;
  // feedback_opt_outs has the file as its key: none yet for A or B.
  await db.delete(t.feedbackOptOuts).where(sql`file_id in (${A.id}, ${B})`);
});
afterAll(async () => {
  await database?.dispose();
});

let unique = 0;
const next = () => `${Date.now()}-${++unique}`;

/** One valid row per file-keyed table, for file `file`. */
const rowFor: Record<
  (typeof viaFileId)[number],
  (file: number) => { table: Parameters<Database['insert']>[0]; values: object }
> = {
  announced_payments: (file) => ({
    table: t.announcedPayments,
    values: { fileId: file, payee: 'agency', paidOn: '2026-11-20', amountMinor: 100, currency: 'EUR', payerName: 'X' },
  }),
  callbacks: (file) => ({
    table: t.callbacks,
    values: { fileId: file, phone: '+49301234', reason: 'r', weekday: 2, timeOfDay: 'noon', hour: '12' },
  }),
  collection_costs: (file) => ({
    table: t.collectionCosts,
    values: { fileId: file, kind: 'other', amountMinor: 100, legalBasis: 'x' },
  }),
  credits: (file) => ({ table: t.credits, values: { fileId: file, amountMinor: 100, currency: 'EUR' } }),
  deferrals: (file) => ({ table: t.deferrals, values: { fileId: file, payBy: '2026-12-24' } }),
  deposits: (file) => ({ table: t.deposits, values: { fileId: file, kind: 'deposit', amountMinor: 100 } }),
  document_requests: (file) => ({
    table: t.documentRequests,
    values: { fileId: file, templateId: 'x', category: 'x', categoryPosition: 1 },
  }),
  events: (file) => ({ table: t.events, values: { fileId: file, occurredAt: new Date(), kind: 'letter' } }),
  feedback: (file) => ({ table: t.feedback, values: { fileId: file, source: 'portal', stars: 5 } }),
  feedback_opt_outs: (file) => ({ table: t.feedbackOptOuts, values: { fileId: file } }),
  file_status_history: (file) => ({ table: t.fileStatusHistory, values: { fileId: file, statusCode: '1' } }),
  instalment_plans: (file) => ({
    table: t.instalmentPlans,
    values: {
      fileId: file,
      status: 'cancelled',
      residualClaimMinor: 100,
      totalMinor: 100,
      monthlyMinor: 50,
      instalmentCount: 2,
      firstDueOn: '2026-12-01',
    },
  }),
  invoices: (file) => ({
    table: t.invoices,
    values: { fileId: file, invoiceNumber: 'R-1', invoiceDate: '2026-01-01', amountMinor: 100, description: 'x' },
  }),
  messages: (file) => ({ table: t.messages, values: { fileId: file, subjectId: 1, body: 'x' } }),
  modals: (file) => ({ table: t.modals, values: { fileId: file, kind: 'maintenance', orderNo: 9 } }),
  payments: (file) => ({
    table: t.payments,
    values: {
      id: `fv-${next()}`,
      fileId: file,
      debtorId: A.debtorId,
      variant: A.variant,
      idempotencyKey: next(),
      providerId: '1',
      purpose: 'partial',
      amountMinor: 100,
      currency: 'EUR',
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  }),
  payments_made: (file) => ({
    table: t.paymentsMade,
    values: { fileId: file, bookedOn: '2026-11-01', amountMinor: 100, balanceMinor: 0 },
  }),
  portal_orders: (file) => ({ table: t.portalOrders, values: { fileId: file, orderType: 'downloadForm' } }),
  sepa_mandates: (file) => ({
    table: t.sepaMandates,
    values: {
      fileId: file,
      mandateReference: `FV-${next()}`,
      creditorId: 'DE00ZZZ',
      accountHolder: 'X',
      iban: 'DE02120300000000202051',
      purpose: 'plan',
      agreementId: 1,
      targetDate: '2026-12-01',
      signedAt: new Date(),
    },
  }),
  special_offers: (file) => ({
    table: t.specialOffers,
    values: { fileId: file, amountMinor: 100, validTill: '2026-12-31' },
  }),
  uploads: (file) => ({
    table: t.uploads,
    values: {
      fileId: file,
      context: 'message',
      originalName: 'x.pdf',
      mediaType: 'application/pdf',
      sizeBytes: 1,
      storageKey: `fv/${next()}`,
      sha256: '0'.repeat(64),
    },
  }),
};

/** Inserts a row and gives back its ctid (every table has one; not every table has an `id`). */
async function insertRow(table: string, file: number): Promise<string> {
  const { table: target, values } = rowFor[table as (typeof viaFileId)[number]](file);
  const [row] = await db
    .insert(target)
    .values(values as never)
    .returning({ ctid: sql<string>`ctid::text` });
  return row!.ctid;
}

async function updateRow(table: string, ctid: string, set: string): Promise<string> {
  const rows = await rowsOf<{ ctid: string }>(
    sql.raw(`update ${table} set ${set} where ctid = '${ctid}'::tid returning ctid::text as ctid`),
  );
  expect(rows, `${table}: the row to update`).toHaveLength(1);
  return rows[0]!.ctid;
}

const deleteRow = (table: string, ctid: string) =>
  db.execute(sql.raw(`delete from ${table} where ctid = '${ctid}'::tid`));

describe(`files.version (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('every table with a file_id or a key to files, plans, debtors or creditors is triggered or excluded with a reason', async () => {
    expect(await problems()).toEqual([]);
    for (const [table, reason] of Object.entries(excluded)) expect(reason.length, table).toBeGreaterThan(10);
  });

  it('reports a new table with a file_id that nobody has decided on', async () => {
    await db.execute(sql`create table version_probe (id serial primary key, file_id integer)`);
    try {
      expect(await problems()).toEqual(['version_probe: neither triggered nor excluded with a reason']);
    } finally {
      await db.execute(sql`drop table version_probe`);
    }
    await db.execute(
      sql`create table version_probe_rows (id serial primary key, plan_id integer references instalment_plans(id))`,
    );
    try {
      expect(await problems()).toEqual(['version_probe_rows: neither triggered nor excluded with a reason']);
    } finally {
      await db.execute(sql`drop table version_probe_rows`);
    }
  });

  it('starts at 0 for a new file and is raised by the seed for the demo files', async () => {
    const [{ version }] = (await db.select({ version: t.files.version }).from(t.files).where(eq(t.files.id, C))) as [
      { version: number },
    ];
    expect(typeof version).toBe('number');
    expect(version).toBeGreaterThan(0);
  });

  for (const table of viaFileId) {
    it(`${table}: insert, update and delete raise the row's file only; moving the row raises both files`, async () => {
      let ctid = '';
      expect(
        await raised(async () => {
          ctid = await insertRow(table, A.id);
        }),
      ).toEqual({ [A.id]: 1 });
      expect(
        await raised(async () => {
          ctid = await updateRow(table, ctid, 'file_id = file_id');
        }),
      ).toEqual({ [A.id]: 1 });
      expect(
        await raised(async () => {
          ctid = await updateRow(table, ctid, `file_id = ${B}`);
        }),
      ).toEqual({ [A.id]: 1, [B]: 1 });
      expect(await raised(() => deleteRow(table, ctid))).toEqual({ [B]: 1 });
    });
  }

  it("instalment_rows: insert, update and delete raise the plan's file; moving a row to another plan raises both", async () => {
    const row = {
      planId: planA,
      position: 1,
      dueOn: '2026-12-01',
      amountMinor: 500,
      claimMinor: 1000,
      remainingMinor: 500,
    };
    let id = 0;
    expect(
      await raised(async () => {
        id = (await db.insert(t.instalmentRows).values(row).returning({ id: t.instalmentRows.id }))[0]!.id;
      }),
    ).toEqual({ [A.id]: 1 });
    expect(
      await raised(() => db.update(t.instalmentRows).set({ paidAt: new Date() }).where(eq(t.instalmentRows.id, id))),
    ).toEqual({ [A.id]: 1 });
    expect(
      await raised(() => db.update(t.instalmentRows).set({ planId: planB }).where(eq(t.instalmentRows.id, id))),
    ).toEqual({ [A.id]: 1, [B]: 1 });
    expect(await raised(() => db.delete(t.instalmentRows).where(eq(t.instalmentRows.id, id)))).toEqual({ [B]: 1 });
  });

  it("profile_change_requests raise every file of the request's debtor, no other", async () => {
    const siblings = (await db.select({ id: t.files.id }).from(t.files).where(eq(t.files.debtorId, A.debtorId))).map(
      (r) => r.id,
    );
    expect(siblings.length).toBeGreaterThan(1);
    const all = Object.fromEntries(siblings.map((id) => [id, 1]));
    let id = 0;
    expect(
      await raised(async () => {
        const [inserted] = await db
          .insert(t.profileChangeRequests)
          .values({ debtorId: A.debtorId, fileId: A.id, reason: 'move', changes: { city: 'Köln' } })
          .returning({ id: t.profileChangeRequests.id });
        id = inserted!.id;
      }),
    ).toEqual(all);
    expect(
      await raised(() =>
        db.update(t.profileChangeRequests).set({ status: 'processed' }).where(eq(t.profileChangeRequests.id, id)),
      ),
    ).toEqual(all);
    expect(await raised(() => db.delete(t.profileChangeRequests).where(eq(t.profileChangeRequests.id, id)))).toEqual(
      all,
    );
    expect(siblings).not.toContain(C);
  });

  it('a change to a debtor raises all their files, no other', async () => {
    const siblings = (await db.select({ id: t.files.id }).from(t.files).where(eq(t.files.debtorId, A.debtorId))).map(
      (r) => r.id,
    );
    expect(await raised(() => db.update(t.debtors).set({ city: 'Köln' }).where(eq(t.debtors.id, A.debtorId)))).toEqual(
      Object.fromEntries(siblings.map((id) => [id, 1])),
    );
  });

  it('a change to a creditor raises every file it is the creditor or original creditor of, no other', async () => {
    const [withOriginal] = await db
      .select({ original: t.files.originalCreditorId })
      .from(t.files)
      .where(sql`${t.files.originalCreditorId} is not null`)
      .limit(1);
    const creditor = withOriginal!.original!;
    const affected = (
      await db
        .select({ id: t.files.id })
        .from(t.files)
        .where(sql`${t.files.creditorId} = ${creditor} or ${t.files.originalCreditorId} = ${creditor}`)
    ).map((r) => r.id);
    expect(affected.length).toBeGreaterThan(0);
    expect(
      await raised(() => db.update(t.creditors).set({ city: 'Bonn' }).where(eq(t.creditors.id, creditor))),
    ).toEqual(Object.fromEntries(affected.map((id) => [id, 1])));
    expect(
      await raised(() => db.update(t.creditors).set({ city: 'Bonn' }).where(eq(t.creditors.id, A.creditorId))),
    ).toMatchObject({ [A.id]: 1 });
  });

  it("an update of a file's row raises its version once; an unchanged row and a debtor or creditor without files raise nothing", async () => {
    expect(
      await raised(() => db.update(t.files).set({ statusDate: '2026-11-21' }).where(eq(t.files.id, A.id))),
    ).toEqual({ [A.id]: 1 });
    expect(
      await raised(() =>
        db
          .update(t.files)
          .set({ paymentsMinor: sql`payments_minor + 1`, closedAt: new Date() })
          .where(eq(t.files.id, A.id)),
      ),
    ).toEqual({ [A.id]: 1 });
    expect(await raised(() => db.execute(sql`update files set refno = refno where id = ${A.id}`))).toEqual({});
    const [debtor] = await db
      .insert(t.debtors)
      .values({ salutation: 1, streetName: 'x', houseNumber: '1', postalCode: '1', city: 'x', countryCode: 'DE' })
      .returning({ id: t.debtors.id });
    const [creditor] = await db
      .insert(t.creditors)
      .values({ name: 'x', street: 'x', postalCode: '1', city: 'x', country: 'DE' })
      .returning({ id: t.creditors.id });
    expect(
      await raised(async () => {
        await db.update(t.debtors).set({ city: 'y' }).where(eq(t.debtors.id, debtor!.id));
        await db.delete(t.debtors).where(eq(t.debtors.id, debtor!.id));
        await db.update(t.creditors).set({ city: 'y' }).where(eq(t.creditors.id, creditor!.id));
        await db.delete(t.creditors).where(eq(t.creditors.id, creditor!.id));
      }),
    ).toEqual({});
  });

  it('never goes down: a version written by hand still rises', async () => {
    const before = (await versions()).get(A.id)!;
    await db.execute(sql`update files set version = 0 where id = ${A.id}`);
    expect((await versions()).get(A.id)).toBe(before + 1);
    await db.execute(sql`update files set version = ${before + 10} where id = ${A.id}`);
    expect((await versions()).get(A.id)).toBe(before + 10);
  });

  it('a transaction with several writes to one file raises it once per row written', async () => {
    expect(
      await raised(() =>
        db.transaction(async (tx) => {
          await tx.insert(t.events).values({ fileId: C, occurredAt: new Date(), kind: 'letter' });
          await tx.update(t.files).set({ statusDate: '2026-11-20' }).where(eq(t.files.id, C));
        }),
      ),
    ).toEqual({ [C]: 2 });
  });
});
