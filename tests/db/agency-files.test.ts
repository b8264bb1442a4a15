/**
 * The agency's whole files and debtors (issue 29 item 1, decision 099) against a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): a file made by PUT in the import line format and
 * read back as it was put, the same body again keeping the version, If-Match needed (428) and
 * checked (412) with nothing written, one version shared with /status both ways, scopes, the files
 * belonging to the agency and not to a client, hostile bodies answered as problems and never as a
 * failure, the debtor resource with no portal secret in it, and a file put by the API on its
 * debtor's dashboard.
 */
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importDebtor, importLine, type ImportLineInput } from '#server/agency/import/line.ts';
import { importBatch } from '#server/agency/import/run.ts';
import { loadClaimInformation } from '#server/claims/information.ts';
import * as t from '#server/db/schema.ts';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { demoFiles, getRequest, run } from '../helpers/routes.ts';
import { useAgencyTestDatabase } from '../helpers/agency-client.ts';

const agency = useAgencyTestDatabase('files test');
const { call, put, tokenFor } = agency;

/** A whole file of its own (reference 960000000 + n), with a debtor of its own unless one is given. */
function lineFor(n: number, debtorKey = `AF-${n}`): ImportLineInput {
  return {
    reference: String(960_000_000 + n),
    variant: 'de',
    currency: 'EUR',
    debtor: {
      key: debtorKey,
      salutation: 2,
      firstName: 'Erika',
      lastName: 'Mustermann',
      birthdate: '1980-04-12',
      streetName: 'Hauptstraße',
      houseNumber: '5',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
      email: `erika.${n}@example.org`,
      preferredLanguage: 'de',
    },
    creditor: { name: 'Telvia', street: 'Funkturmstraße 3', postalCode: '80331', city: 'München', country: 'DE' },
    statusCode: '1',
    statusDate: '2026-11-20',
    claimSubject: 'Mobilfunkvertrag Nr. 4471229',
    subjectKey: 'mobileContract',
    subjectParams: { contract: '4471229' },
    contractDate: '2025-03-01',
    mainClaimMinor: 24_900,
    interestMinor: 312,
    costsMinor: 5_480,
    interestRateBp: 500,
    interestBasis: 'statutoryDefault',
    interestFrom: '2025-05-01',
    letterLinkIsFullLogin: true,
  };
}

/** What the database holds of a file that a refused or idempotent call must leave as it was. */
async function footprint(reference: string) {
  const rows = (
    (await agency.database.db.execute(sql`
      select f.*, d.updated_at as debtor_updated_at, d.last_name as debtor_last_name,
             (select count(*)::int from file_status_history h where h.file_id = f.id) as history,
             (select version from agency_versions v where v.resource = 'file' and v.key = ${reference}) as version
        from files f join debtors d on d.id = f.debtor_id
       where f.refno = ${reference.slice(0, 9)} and f.subcase = 1`)) as unknown as { rows: unknown[] }
  ).rows;
  return rows[0] ?? null;
}

/** The id of file `reference` (subcase 1). */
const fileIdOf = async (reference: string) =>
  (
    await agency.database.db
      .select({ id: t.files.id })
      .from(t.files)
      .where(and(eq(t.files.refno, reference), eq(t.files.subcase, 1)))
  )[0]!.id;

async function create(n: number, line = lineFor(n)) {
  const response = await put(`/files/${line.reference}`, agency.writer, line);
  expect(response.status).toBe(201);
  return { line, etag: response.headers.get('etag')! };
}

describe('PUT and GET /files/{reference}', () => {
  it('makes a file by PUT (201, Location, ETag) and answers the same line by GET', async () => {
    const line = lineFor(1);
    const created = await put(`/files/${line.reference}`, agency.writer, line);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/agency/v1/files/${line.reference}`);
    expect(created.headers.get('etag')).toBe('"1"');
    // A line without cost lines or history keeps the file's, and a new file has none: read back as [].
    const expected = { ...importLine.parse(line), costLines: [], history: [] };
    expect(await created.json()).toEqual(expected);
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    const body = (await read.json()) as unknown;
    // The round trip: exactly what was put, every default spelt out, and a line the schema reads.
    expect(body).toEqual(expected);
    expect(importLine.safeParse(body).success).toBe(true);
    // GET, change, PUT: the answer of GET is a body PUT takes.
    const changed = await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...(body as object), claimSubject: 'Handyvertrag' },
      { 'if-match': '"1"' },
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe('"2"');
    expect(await changed.json()).toMatchObject({ claimSubject: 'Handyvertrag' });
  });

  it('keeps the version and writes nothing when the same body comes again, with or without If-Match', async () => {
    const { line, etag } = await create(2);
    const before = await footprint(line.reference);
    for (const headers of [{ 'if-match': etag }, {}, { 'if-match': '"99"' }] as Array<Record<string, string>>) {
      const again = await put(`/files/${line.reference}`, agency.writer, line, headers);
      expect(again.status).toBe(200);
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect(await footprint(line.reference)).toEqual(before);
    // The bulk import reads the same line by the same rules: nothing to change either.
    const report = await importBatch(agency.database.db, Readable.from([JSON.stringify(line)]));
    expect(report).toMatchObject({ accepted: 1, filesCreated: 0, filesUpdated: 0, debtorsUpdated: 0 });
    expect(await footprint(line.reference)).toEqual(before);
  });

  it('needs If-Match to change a file (428), refuses a stale one (412), and writes nothing either time', async () => {
    const { line, etag } = await create(3);
    const before = await footprint(line.reference);
    const paid = { ...line, statusCode: '3' as const, statusDate: '2026-11-28', paymentsMinor: 30_692 };
    const missing = await put(`/files/${line.reference}`, agency.writer, paid);
    expect(missing.status).toBe(428);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect(missing.headers.get('etag')).toBe(etag);
    expect(await missing.json()).toMatchObject({ code: 'preconditionRequired', currentVersion: 1 });
    expect(await footprint(line.reference)).toEqual(before);

    const changed = await put(`/files/${line.reference}`, agency.writer, paid, { 'if-match': etag });
    expect(changed.status).toBe(200);
    const next = changed.headers.get('etag')!;
    expect(next).toBe('"2"');
    const after = await footprint(line.reference);

    const stale = await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...paid, claimSubject: 'Other words' },
      {
        'if-match': etag,
      },
    );
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(next);
    expect(await stale.json()).toMatchObject({ code: 'preconditionFailed', currentVersion: 2 });
    expect(await footprint(line.reference)).toEqual(after);
    expect(await (await call(`/files/${line.reference}`, { token: agency.reader })).json()).toMatchObject({
      claimSubject: line.claimSubject,
      statusCode: '3',
    });
  });

  it('writes a status change to the history as PUT …/status does, and needs no If-Match for a new file', async () => {
    const { line, etag } = await create(4);
    const ifNoneMatch = await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...line, claimSubject: 'x' },
      {
        'if-none-match': '*',
        'if-match': etag,
      },
    );
    expect(ifNoneMatch.status).toBe(412);
    const unknown = lineFor(40);
    expect((await put(`/files/${unknown.reference}`, agency.writer, unknown, { 'if-match': '"1"' })).status).toBe(412);
    expect((await call(`/files/${unknown.reference}`, { token: agency.reader })).status).toBe(404);

    await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...line, statusCode: '2', subState: 'deferred' },
      { 'if-match': etag },
    );
    const history = (
      (await agency.database.db.execute(
        sql`select h.status_code, h.sub_state, h.reason from file_status_history h join files f on f.id = h.file_id
             where f.refno = ${line.reference} order by h.id`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(history).toEqual([
      { status_code: '1', sub_state: null, reason: 'agency' },
      { status_code: '2', sub_state: 'deferred', reason: 'agency' },
    ]);
  });

  it('shares one version with /status, both ways', async () => {
    const { line } = await create(5);
    const status = await call(`/files/${line.reference}/status`, { token: agency.reader });
    expect(status.headers.get('etag')).toBe('"1"');
    expect(await status.json()).toMatchObject({ version: 1, statusCode: '1' });

    // The status set: the whole file shows the status and the version /status answered.
    const set = await put(
      `/files/${line.reference}/status`,
      agency.writer,
      { statusCode: '2', subState: 'postponed', statusDate: '2026-11-29' },
      { 'if-match': '"1"' },
    );
    expect(set.status).toBe(200);
    expect(set.headers.get('etag')).toBe('"2"');
    const whole = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(whole.headers.get('etag')).toBe('"2"');
    const file = (await whole.json()) as ImportLineInput;
    expect(file).toMatchObject({ statusCode: '2', subState: 'postponed', statusDate: '2026-11-29' });

    // A whole-file ETag from before the status change is stale.
    expect(
      (await put(`/files/${line.reference}`, agency.writer, { ...file, costsMinor: 1 }, { 'if-match': '"1"' })).status,
    ).toBe(412);
    // The whole file changed (not its status): /status answers the version it counted.
    const amounts = await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...file, costsMinor: 1 },
      { 'if-match': '"2"' },
    );
    expect(amounts.headers.get('etag')).toBe('"3"');
    const after = await call(`/files/${line.reference}/status`, { token: agency.reader });
    expect(after.headers.get('etag')).toBe('"3"');
    expect(await after.json()).toMatchObject({ version: 3, statusCode: '2' });
    const stale = await put(
      `/files/${line.reference}/status`,
      agency.writer,
      { statusCode: '1', statusDate: '2026-11-30' },
      { 'if-match': '"2"' },
    );
    expect(stale.status).toBe(412);
  });

  it('counts the version when the file changed elsewhere: in the portal, by the import, by its debtor', async () => {
    const { line, etag } = await create(6);
    // A payment booked in the portal (no API involved) changes what the file is.
    await agency.database.db
      .update(t.files)
      .set({ paymentsMinor: 1_000 })
      .where(and(eq(t.files.refno, line.reference), eq(t.files.subcase, 1)));
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(read.headers.get('etag')).toBe('"2"');
    expect(await read.json()).toMatchObject({ paymentsMinor: 1_000 });
    // An agency that read before the payment cannot overwrite it.
    expect((await put(`/files/${line.reference}`, agency.writer, line, { 'if-match': etag })).status).toBe(412);
    // The import changes it; the next read counts it once.
    await importBatch(agency.database.db, Readable.from([JSON.stringify({ ...line, paymentsMinor: 2_000 })]));
    expect((await call(`/files/${line.reference}`, { token: agency.reader })).headers.get('etag')).toBe('"3"');
    expect((await call(`/files/${line.reference}/status`, { token: agency.reader })).headers.get('etag')).toBe('"3"');
    // The debtor changed through /debtors: the file that shows the debtor has a new version.
    const debtor = (await (await call(`/debtors/${line.debtor.key}`, { token: agency.reader })).json()) as object;
    const debtorEtag = (await call(`/debtors/${line.debtor.key}`, { token: agency.reader })).headers.get('etag')!;
    const moved = await put(
      `/debtors/${line.debtor.key}`,
      agency.writer,
      { ...debtor, city: 'Potsdam' },
      {
        'if-match': debtorEtag,
      },
    );
    expect(moved.status).toBe(200);
    const file = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(file.headers.get('etag')).toBe('"4"');
    expect(await file.json()).toMatchObject({ debtor: { city: 'Potsdam' } });
  });

  it('lets one of two writers with the same If-Match through and refuses the other', async () => {
    const { line, etag } = await create(11);
    const [a, b] = await Promise.all([
      put(`/files/${line.reference}`, agency.writer, { ...line, interestMinor: 1 }, { 'if-match': etag }),
      put(`/files/${line.reference}`, agency.writer, { ...line, interestMinor: 2 }, { 'if-match': etag }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const won = (a.status === 200 ? a : b).headers.get('etag');
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(read.headers.get('etag')).toBe(won);
    expect(await read.json()).toMatchObject({ interestMinor: a.status === 200 ? 1 : 2 });
  });

  it('meets an import of the same file and debtor one after the other, never in a deadlock', async () => {
    const { line } = await create(12);
    const sibling = { ...lineFor(13, line.debtor.key), debtor: { ...line.debtor, city: 'Köln' } };
    const rounds = await Promise.all(
      [1, 2, 3].map(async (round) => {
        const read = await call(`/files/${line.reference}`, { token: agency.reader });
        const [imported, written] = await Promise.all([
          importBatch(
            agency.database.db,
            Readable.from([`${JSON.stringify({ ...line, costsMinor: round })}\n${JSON.stringify(sibling)}\n`]),
          ),
          put(
            `/files/${line.reference}`,
            agency.writer,
            { ...line, interestMinor: round },
            {
              'if-match': read.headers.get('etag')!,
            },
          ),
        ]);
        return { imported: imported.status, written: written.status };
      }),
    );
    for (const round of rounds) {
      expect(round.imported).toBe('done');
      expect([200, 412]).toContain(round.written);
    }
  });

  it('takes `-1` as the reference without it', async () => {
    const line = lineFor(9);
    const created = await put(`/files/${line.reference}-1`, agency.writer, line);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/agency/v1/files/${line.reference}`);
    expect((await call(`/files/${line.reference}-1`, { token: agency.reader })).status).toBe(200);
  });

  it('answers 404 for an unknown or deleted file and never makes a deleted one again', async () => {
    expect((await call('/files/969999999', { token: agency.reader })).status).toBe(404);
    const { line, etag } = await create(7);
    await agency.database.db
      .update(t.files)
      .set({ deletedAt: new Date() })
      .where(and(eq(t.files.refno, line.reference), eq(t.files.subcase, 1)));
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ code: 'notFound', instance: `/agency/v1/files/${line.reference}` });
    const again = await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...line, claimSubject: 'again' },
      { 'if-match': etag },
    );
    expect(again.status).toBe(404);
    const [row] = await agency.database.db
      .select({ claimSubject: t.files.claimSubject })
      .from(t.files)
      .where(and(eq(t.files.refno, line.reference), eq(t.files.subcase, 1)));
    expect(row?.claimSubject).toBe(line.claimSubject);
    expect((await call(`/files/${line.reference}/status`, { token: agency.reader })).status).toBe(404);
  });

  it('answers a file whose debtor has no agency key with 409 and its version, and takes the key by PUT', async () => {
    const { fileOf } = demoFiles({ db: agency.database.db });
    const demo = await fileOf('100000002');
    // A file from before imports: its debtor has no key of the agency's (the demo's came by a batch).
    await agency.database.db.update(t.debtors).set({ agencyKey: null }).where(eq(t.debtors.id, demo.debtorId));
    const read = await call('/files/100000002', { token: agency.reader });
    expect(read.status).toBe(409);
    expect(await read.json()).toMatchObject({ code: 'noDebtorKey' });
    const etag = read.headers.get('etag')!;
    const line = { ...lineFor(8, 'DEMO-2'), reference: '100000002' };
    const written = await put('/files/100000002', agency.writer, line, { 'if-match': etag });
    expect(written.status).toBe(200);
    const after = await fileOf('100000002');
    // The portal's debtor took the key: the debtor who signs in is the same.
    expect(after.debtorId).toBe(demo.debtorId);
    expect((await call('/files/100000002', { token: agency.reader })).status).toBe(200);
  });
});

describe('cost lines (decision 105)', () => {
  const lines = [
    { kind: 'dunningFee', amountMinor: 500, legalBasis: 'DE.bgbDefault', vatIncluded: false },
    { kind: 'collectionFee', amountMinor: 4_980, legalBasis: 'DE.rdgRvg', vatIncluded: false },
  ] as const;

  const heldCosts = async (fileId: number) =>
    agency.database.db
      .select({ id: t.collectionCosts.id, kind: t.collectionCosts.kind, amountMinor: t.collectionCosts.amountMinor })
      .from(t.collectionCosts)
      .where(eq(t.collectionCosts.fileId, fileId))
      .orderBy(t.collectionCosts.id);

  it('itemises the costs on the claim page, reads them back in order, and rewrites nothing for the same lines', async () => {
    const { line, etag } = await create(50, { ...lineFor(50), costLines: [...lines] });
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(((await read.json()) as { costLines: unknown }).costLines).toEqual(lines);
    const fileId = await fileIdOf(line.reference);
    const info = (await loadClaimInformation(agency.database.db, fileId))!;
    expect(info.costs.map((c) => [c.kind, c.amountMinor, c.legalBasis])).toEqual([
      ['dunningFee', 500, 'DE.bgbDefault'],
      ['collectionFee', 4_980, 'DE.rdgRvg'],
    ]);
    expect(info.unitemisedCostsMinor).toBe(0);
    const held = await heldCosts(fileId);
    // The same lines again, by PUT and by a batch: no new version, the same rows (not deleted and made again).
    const again = await put(`/files/${line.reference}`, agency.writer, { ...line, costLines: [...lines] });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    const report = await importBatch(
      agency.database.db,
      Readable.from([JSON.stringify({ ...line, costLines: [...lines] })]),
    );
    expect(report).toMatchObject({ accepted: 1, filesUpdated: 0 });
    expect(await heldCosts(fileId)).toEqual(held);
  });

  it('replaces the agency’s lines when they change, counts the file as updated, and keeps the portal’s own fee', async () => {
    const { line, etag } = await create(51, { ...lineFor(51), costsMinor: 7_980, costLines: [...lines] });
    const fileId = await fileIdOf(line.reference);
    // The debtor agreed a plan: the portal charged its instalment fee (decision 026).
    await agency.database.db
      .insert(t.collectionCosts)
      .values({ fileId, kind: 'instalmentFee', amountMinor: 2_500, legalBasis: 'DE.rdgRvg' });
    const changedLines = [{ kind: 'courtFee', amountMinor: 5_480, legalBasis: 'DE.rdgRvg', vatIncluded: false }];
    // The portal's fee is not the agency's line: the file reads as put, in the same version.
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    const current = read.headers.get('etag')!;
    expect(current).toBe(etag);
    expect(((await read.json()) as { costLines: unknown }).costLines).toEqual(lines);
    // Only the cost lines differ: a change, which needs If-Match and counts a version.
    expect((await put(`/files/${line.reference}`, agency.writer, { ...line, costLines: changedLines })).status).toBe(
      428,
    );
    const changed = await put(
      `/files/${line.reference}`,
      agency.writer,
      { ...line, costLines: changedLines },
      { 'if-match': current },
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { costLines: unknown }).costLines).toEqual(changedLines);
    expect((await heldCosts(fileId)).map((c) => [c.kind, c.amountMinor])).toEqual([
      ['instalmentFee', 2_500],
      ['courtFee', 5_480],
    ]);
    // By a batch, a line whose only change is its cost lines counts its file as updated.
    const report = await importBatch(
      agency.database.db,
      Readable.from([JSON.stringify({ ...line, costLines: [...lines] })]),
    );
    expect(report).toMatchObject({ accepted: 1, filesCreated: 0, filesUpdated: 1 });
    expect((await heldCosts(fileId)).map((c) => c.kind)).toEqual(['instalmentFee', 'dunningFee', 'collectionFee']);
  });

  it('keeps the lines when a line leaves them out, clears them with [], and names what no line itemises', async () => {
    const { line } = await create(52, { ...lineFor(52), costLines: [lines[0]] });
    const fileId = await fileIdOf(line.reference);
    // 5,480 of costs, 500 of them itemised: the rest is named as not itemised, never as "no costs".
    expect((await loadClaimInformation(agency.database.db, fileId))!.unitemisedCostsMinor).toBe(4_980);
    await importBatch(agency.database.db, Readable.from([JSON.stringify({ ...line, costLines: undefined })]));
    expect((await heldCosts(fileId)).map((c) => c.kind)).toEqual(['dunningFee']);
    await importBatch(agency.database.db, Readable.from([JSON.stringify({ ...line, costLines: [] })]));
    expect(await heldCosts(fileId)).toEqual([]);
    const info = (await loadClaimInformation(agency.database.db, fileId))!;
    expect(info.costs).toEqual([]);
    expect(info.unitemisedCostsMinor).toBe(5_480);
  });

  it('refuses lines that add up to more than costsMinor, an unknown legal basis, the portal’s fees and empty amounts', async () => {
    const reference = String(960_000_053);
    const cases: Array<[unknown, string]> = [
      [[{ ...lines[1], amountMinor: 5_481 }], 'costLines'],
      [[{ ...lines[0], legalBasis: 'Inkassogebühr nach Tabelle' }], 'costLines.0.legalBasis'],
      [[{ ...lines[0], kind: 'instalmentFee' }], 'costLines.0.kind'],
      [[{ ...lines[0], amountMinor: 0 }], 'costLines.0.amountMinor'],
      [Array.from({ length: 21 }, () => ({ ...lines[0], amountMinor: 1 })), 'costLines'],
    ];
    for (const [costLines, path] of cases) {
      const response = await put(`/files/${reference}`, agency.writer, { ...lineFor(53), costLines });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; issues: Array<{ path: string }> };
      expect(body.code).toBe('invalid');
      expect(body.issues.map((issue) => issue.path)).toContain(path);
      expect(await footprint(reference)).toBeNull();
    }
  });
});

describe('the file’s history (decision 105)', () => {
  const eventsOf = async (reference: string) =>
    agency.database.db
      .select({ id: t.events.id, kind: t.events.kind, detail: t.events.detail, at: t.events.occurredAt })
      .from(t.events)
      .innerJoin(t.files, eq(t.files.id, t.events.fileId))
      .where(and(eq(t.files.refno, reference), eq(t.files.subcase, 1)))
      .orderBy(t.events.occurredAt, t.events.id);

  const history = [
    { on: '2026-08-01', kind: 'handedOver', letter: null },
    { on: '2026-08-03', kind: 'letterSent', letter: 'firstNotice' },
    { on: '2026-09-02', kind: 'letterSent', letter: 'reminder' },
  ] as const;

  it('shows the handing over and the letters on the claim page, dated on their day, and keeps the debtor’s own events', async () => {
    // Given out of order: kept, and read back, in date order.
    const { line, etag } = await create(60, { ...lineFor(60), history: [history[2], history[0], history[1]] });
    const read = await call(`/files/${line.reference}`, { token: agency.reader });
    expect(((await read.json()) as { history: unknown }).history).toEqual(history);
    const fileId = await fileIdOf(line.reference);
    const info = (await loadClaimInformation(agency.database.db, fileId))!;
    // The page shows the newest first.
    expect(info.events?.map((e) => [e.at.slice(0, 10), e.kind, e.detail?.letter ?? null])).toEqual(
      history.map((h) => [h.on, h.kind, h.letter]).reverse(),
    );
    // The debtor wrote to the agency in the portal: their event is not the agency's to replace.
    await agency.database.db
      .insert(t.events)
      .values({ fileId, occurredAt: new Date('2026-09-10T08:00:00Z'), kind: 'messageSent' });
    // The same history in another order is the same: no new version, the rows not written again.
    const held = await eventsOf(line.reference);
    const again = await put(`/files/${line.reference}`, agency.writer, { ...line, history: [...history].reverse() });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await eventsOf(line.reference)).toEqual(held);
    // A later batch adds the final reminder: the agency's events are replaced, the debtor's stays.
    const report = await importBatch(
      agency.database.db,
      Readable.from([
        JSON.stringify({
          ...line,
          history: [...history, { on: '2026-10-01', kind: 'letterSent', letter: 'finalReminder' }],
        }),
      ]),
    );
    expect(report).toMatchObject({ accepted: 1, filesUpdated: 1 });
    expect((await eventsOf(line.reference)).map((e) => [e.kind, e.detail?.letter ?? null])).toEqual([
      ['handedOver', null],
      ['letterSent', 'firstNotice'],
      ['letterSent', 'reminder'],
      ['messageSent', null],
      ['letterSent', 'finalReminder'],
    ]);
    // Left out: kept.
    await importBatch(agency.database.db, Readable.from([JSON.stringify({ ...line, history: undefined })]));
    expect(await eventsOf(line.reference)).toHaveLength(5);
  });

  it('refuses a letter without `letterSent`, `letterSent` without its letter, and an unknown kind', async () => {
    const reference = String(960_000_061);
    const cases: Array<[unknown, string]> = [
      [[{ on: '2026-08-01', kind: 'handedOver', letter: 'reminder' }], 'history.0.letter'],
      [[{ on: '2026-08-01', kind: 'letterSent' }], 'history.0.letter'],
      [[{ on: '2026-08-01', kind: 'paymentReceived' }], 'history.0.kind'],
      [[{ on: '1. August', kind: 'handedOver' }], 'history.0.on'],
    ];
    for (const [given, path] of cases) {
      const response = await put(`/files/${reference}`, agency.writer, { ...lineFor(61), history: given });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { issues: Array<{ path: string }> };
      expect(body.issues.map((issue) => issue.path)).toContain(path);
      expect(await footprint(reference)).toBeNull();
    }
  });
});

describe('who may call', () => {
  it('needs files:write to PUT and files:read to GET, a token at all, and any client of the agency will do', async () => {
    const { line } = await create(10);
    const denied = await put(`/files/${line.reference}`, agency.reader, line);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'insufficientScope' });
    const writeOnly = await tokenFor(['files:write']);
    expect((await call(`/files/${line.reference}`, { token: writeOnly })).status).toBe(403);
    expect((await put(`/debtors/${line.debtor.key}`, agency.reader, line.debtor)).status).toBe(403);

    const anonymous = await call(`/files/${line.reference}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await call(`/files/${line.reference}`, { method: 'PUT', body: JSON.stringify(line) })).status).toBe(401);
    expect((await call(`/debtors/${line.debtor.key}`, { token: 'not-a-token' })).status).toBe(401);

    // The file is the agency's, not the client's that made it.
    const other = await tokenFor(['files:read', 'files:write']);
    const read = await call(`/files/${line.reference}`, { token: other });
    expect(read.status).toBe(200);
    const changed = await put(
      `/files/${line.reference}`,
      other,
      { ...line, interestMinor: 400 },
      {
        'if-match': read.headers.get('etag')!,
      },
    );
    expect(changed.status).toBe(200);
  });
});

describe('bad input', () => {
  const reference = String(960_000_020);
  const line = lineFor(20);

  /** Every refusal is a problem of the expected status, and nothing was made. */
  async function refused(response: Response, status: number, code?: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as { code: string; status: number };
    expect(body.status).toBe(status);
    if (code) expect(body.code).toBe(code);
    expect(await footprint(reference)).toBeNull();
    return body;
  }

  it('refuses a reference of the body that is not the path’s (422) and a debtor key likewise', async () => {
    await refused(
      await put(`/files/${reference}`, agency.writer, { ...line, reference: '960000021' }),
      422,
      'pathMismatch',
    );
    await refused(await put(`/files/${reference}`, agency.writer, { ...line, reference: `${reference}-2` }), 422);
    const debtor = await put('/debtors/AF-X', agency.writer, { ...line.debtor, key: 'AF-Y' });
    expect(debtor.status).toBe(422);
    expect(await debtor.json()).toMatchObject({ code: 'pathMismatch' });
    expect((await call('/debtors/AF-Y', { token: agency.reader })).status).toBe(404);
  });

  it('answers malformed JSON, another media type, unknown fields and a body too large as problems', async () => {
    await refused(await put(`/files/${reference}`, agency.writer, '{"reference": '), 400, 'brokenBody');
    await refused(
      await put(`/files/${reference}`, agency.writer, JSON.stringify(line), { 'content-type': 'text/plain' }),
      415,
      'unsupportedMediaType',
    );
    await refused(
      await call(`/files/${reference}`, { method: 'PUT', token: agency.writer, body: JSON.stringify(line) }),
      415,
    );
    const unknown = await refused(await put(`/files/${reference}`, agency.writer, { ...line, passwordHash: 'x' }), 400);
    expect(unknown).toMatchObject({ code: 'invalid' });
    await refused(
      await put(`/files/${reference}`, agency.writer, { ...line, debtor: { ...line.debtor, iban: 'DE02' } }),
      400,
      'invalid',
    );
    await refused(
      await put(`/files/${reference}`, agency.writer, { ...line, claimSubject: 'x'.repeat(200_000) }),
      413,
      'tooLarge',
    );
  });

  it('never fails on hostile bodies: deep nesting, huge strings, wrong types, NUL, half surrogates', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const hostile: Array<[string, string]> = [
      ['deeply nested body', deep],
      [
        'deeply nested field',
        JSON.stringify({ ...line, subjectParams: null }).replace(
          '"subjectParams":null',
          `"subjectParams":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
        ),
      ],
      ['nested debtor', JSON.stringify({ ...line, debtor: [[[[line.debtor]]]] })],
      ['a string too long for its field', JSON.stringify({ ...line, claimSubject: 'x'.repeat(100_000) })],
      ['amount as a string', JSON.stringify({ ...line, mainClaimMinor: '24900' })],
      ['amount too large', JSON.stringify({ ...line, mainClaimMinor: 1e300 })],
      ['fraction', JSON.stringify({ ...line, mainClaimMinor: 1.5 })],
      ['negative amount', JSON.stringify({ ...line, costsMinor: -1 })],
      ['boolean as a string', JSON.stringify({ ...line, hasVideo: 'yes' })],
      ['null body', 'null'],
      ['array body', JSON.stringify([line])],
      ['number body', '42'],
      ['empty body', ''],
      [
        'prototype keys',
        JSON.stringify(line).replace('{', '{"__proto__":{"polluted":true},"constructor":{"prototype":{}},'),
      ],
      ['NUL in a string', JSON.stringify({ ...line, claimSubject: 'a\u0000b' })],
      ['half a surrogate pair', JSON.stringify(line).replace('Mobilfunkvertrag', '\\ud800Mobilfunkvertrag')],
      ['a date that is none', JSON.stringify({ ...line, statusDate: '2026-02-30' })],
      ['unknown status', JSON.stringify({ ...line, statusCode: '99' })],
      ['sub-state beside status 1', JSON.stringify({ ...line, subState: 'deferred' })],
      ['payments over the claim', JSON.stringify({ ...line, paymentsMinor: 10_000_000 })],
    ];
    for (const [what, body] of hostile) {
      const response = await put(`/files/${reference}`, agency.writer, body);
      expect([400, 413, 422], what).toContain(response.status);
      expect(response.headers.get('content-type'), what).toBe('application/problem+json');
      const debtor = await put(`/debtors/${line.debtor.key}`, agency.writer, body);
      expect([400, 413, 422], `${what} (debtor)`).toContain(debtor.status);
    }
    expect(await footprint(reference)).toBeNull();
    expect((await call(`/debtors/${line.debtor.key}`, { token: agency.reader })).status).toBe(404);
    // Paths that are no reference or key: nothing matches them.
    expect((await call('/files/12345', { token: agency.reader })).status).toBe(404);
    expect((await call(`/debtors/${'k'.repeat(65)}`, { token: agency.reader })).status).toBe(404);
    expect((await call('/files/960000020-0', { token: agency.reader })).status).toBe(404);
  });
});

describe('PUT and GET /debtors/{key}', () => {
  it('makes a debtor, reads it back as put, keeps its version for the same body and needs If-Match to change it', async () => {
    const debtor = { ...lineFor(30).debtor, key: 'AD-30' };
    const created = await put('/debtors/AD-30', agency.writer, debtor);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/agency/v1/debtors/AD-30');
    const etag = created.headers.get('etag')!;
    const read = await call('/debtors/AD-30', { token: agency.reader });
    expect(read.headers.get('etag')).toBe(etag);
    expect(await read.json()).toEqual(importDebtor.parse(debtor));
    const again = await put('/debtors/AD-30', agency.writer, debtor);
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    const renamed = { ...debtor, lastName: 'Musterfrau' };
    expect((await put('/debtors/AD-30', agency.writer, renamed)).status).toBe(428);
    expect((await put('/debtors/AD-30', agency.writer, renamed, { 'if-match': '"7"' })).status).toBe(412);
    expect(await (await call('/debtors/AD-30', { token: agency.reader })).json()).toMatchObject({
      lastName: 'Mustermann',
    });
    const changed = await put('/debtors/AD-30', agency.writer, renamed, { 'if-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toMatchObject({ lastName: 'Musterfrau' });
    // A line that names the key later gives the debtor its file.
    await create(31, { ...lineFor(31), debtor: renamed });
    const [file] = await agency.database.db
      .select({ agencyKey: t.debtors.agencyKey })
      .from(t.files)
      .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
      .where(eq(t.files.refno, lineFor(31).reference));
    expect(file?.agencyKey).toBe('AD-30');
  });

  it('shows the debtor part of the line only: no password hash, sessions, bank details or identity number', async () => {
    const { line } = await create(32);
    await agency.database.db
      .update(t.debtors)
      .set({ passwordHash: '$argon2id$secret', iban: 'DE02120300000000202051', personalNumberHash: 'hash' })
      .where(eq(t.debtors.agencyKey, line.debtor.key));
    const read = await call(`/debtors/${line.debtor.key}`, { token: agency.reader });
    const body = (await read.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(importDebtor.parse(line.debtor)).sort());
    const whole = JSON.stringify(await (await call(`/files/${line.reference}`, { token: agency.reader })).json());
    for (const secret of ['argon2id', 'DE02120300000000202051', 'hash"']) {
      expect(JSON.stringify(body)).not.toContain(secret);
      expect(whole).not.toContain(secret);
    }
  });

  it('keeps the e-mail address the debtor gave in the portal when the body leaves it out, as the import does', async () => {
    const { line } = await create(33);
    const etag = (await call(`/debtors/${line.debtor.key}`, { token: agency.reader })).headers.get('etag')!;
    const withoutEmail = { ...line.debtor, email: null };
    const kept = await put(`/debtors/${line.debtor.key}`, agency.writer, withoutEmail, { 'if-match': etag });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('etag')).toBe(etag);
    expect(await kept.json()).toMatchObject({ email: line.debtor.email });
  });
});

describe('a file made by the API', () => {
  it('is on its debtor’s dashboard', async () => {
    const { line } = await create(41);
    const { cookieFor } = demoFiles({ db: agency.database.db });
    const page = await run(
      dashboard,
      getRequest('/serviceportal/dashboard', { Cookie: await cookieFor(line.reference) }),
      { portal: 'serviceportal' },
    );
    expect(page.status).toBe(200);
    const { view } = page.data as { view: { reference: string; openAmountMinor: number; currency: string } };
    expect(view).toMatchObject({ reference: line.reference, openAmountMinor: 24_900 + 312 + 5_480, currency: 'EUR' });
  });
});
