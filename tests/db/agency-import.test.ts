/**
 * The agency's bulk import (issue 29 item 2, decision 096) against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): a batch of realistic files imported, refused lines reported
 * by number and field while the rest is loaded, gzip, the same batch again changing nothing, a job
 * stopped after a chunk and resumed ending as an uninterrupted one, a status change recorded as
 * the status upsert records it, and the HTTP door (scopes, hostile bodies, the report's pages).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '#server/agency/auth.ts';
import { readFileStatus } from '#server/agency/file-status.ts';
import { handleAgencyRequest } from '#server/agency/http.ts';
import { agencyImportCommand } from '#server/agency/import/cli.ts';
import { resumeReceivedImports, runningImports } from '#server/agency/import/door.ts';
import type { ImportLineInput } from '#server/agency/import/line.ts';
import { asNdjson } from '#server/agency/import/read.ts';
import { createImport, importBatch, listRejects, readImport } from '#server/agency/import/run.ts';
import { parseReference } from '#server/agency/reference.ts';
import type { Database } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { importLineAt } from '../helpers/import-batch.ts';

const today = new Date(Date.UTC(2026, 10, 27));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 240_000);
afterAll(async () => {
  await database?.dispose();
});

/** Lines `from`..`to` (0-based, exclusive) of the generated batch of `seed`, as NDJSON lines. */
const lines = (from: number, to: number, seed = 1) =>
  Array.from({ length: to - from }, (_, i) => JSON.stringify(importLineAt(from + i, { seed, today })));
const stream = (text: string | Buffer) => Readable.from([text]);
const ndjson = (rows: string[]) => `${rows.join('\n')}\n`;

async function rowsOf<R>(db: Database, query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** What an import leaves in the database, without ids and times: files, debtors, history, versions. */
async function snapshot(db: Database, refnoFrom: string, refnoTo: string) {
  return {
    files: await rowsOf(
      db,
      sql`select f.refno, f.subcase, d.agency_key, d.last_name, d.company_name, d.email, d.postal_code, c.name as creditor,
                 o.name as original_creditor, f.variant, f.currency, f.status_code, f.sub_state, f.status_date::text,
                 f.main_claim_minor, f.interest_minor, f.costs_minor, f.payments_minor, f.total_minor, f.subject_params,
                 f.has_video, f.letter_link_is_full_login, f.instalment_error_code, f.deposit_required_minor,
                 f.functions_blocked, f.legal_blocking, f.address_traced
            from files f join debtors d on d.id = f.debtor_id join creditors c on c.id = f.creditor_id
            left join creditors o on o.id = f.original_creditor_id
           where f.refno between ${refnoFrom} and ${refnoTo} order by f.refno, f.subcase`,
    ),
    history: await rowsOf(
      db,
      sql`select f.refno, f.subcase, h.status_code, h.sub_state, h.reason
            from file_status_history h join files f on f.id = h.file_id
           where f.refno between ${refnoFrom} and ${refnoTo} order by f.refno, f.subcase, h.id`,
    ),
    versions: await rowsOf(
      db,
      sql`select key, version from agency_versions where key between ${refnoFrom} and ${refnoTo + '-9999'} order by key`,
    ),
  };
}

describe('importBatch', () => {
  it('imports a batch of realistic files: debtors by their key, creditors by name, a first line of status history', async () => {
    const batch = lines(0, 60);
    const report = await importBatch(database.db, stream(ndjson(batch)), { chunkLines: 25 });
    expect(report).toMatchObject({ status: 'done', lines: 60, accepted: 60, rejected: 0, filesCreated: 60 });
    // Every 27 files: 24 debtors with one file and one with three (subcases 1 to 3).
    expect(report.debtorsCreated).toBe(60 - 2 * 2);
    const first = importLineAt(0, { today });
    const [file] = await database.db
      .select()
      .from(t.files)
      .where(and(eq(t.files.refno, first.reference), eq(t.files.subcase, 1)));
    expect(file).toMatchObject({
      variant: first.variant,
      currency: first.currency,
      statusCode: first.statusCode,
      mainClaimMinor: first.mainClaimMinor,
      totalMinor:
        first.mainClaimMinor + (first.interestMinor ?? 0) + (first.costsMinor ?? 0) - (first.paymentsMinor ?? 0),
    });
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file!.debtorId));
    expect(debtor).toMatchObject({ agencyKey: first.debtor.key, postalCode: first.debtor.postalCode });
    const history = await database.db
      .select()
      .from(t.fileStatusHistory)
      .where(eq(t.fileStatusHistory.fileId, file!.id));
    expect(history).toMatchObject([{ statusCode: first.statusCode, reason: 'import' }]);
    // The three subcases of one reference share their debtor.
    const [group] = lines(24, 27).map((l) => JSON.parse(l) as ImportLineInput);
    const shared = await database.db
      .select({ debtorId: t.files.debtorId })
      .from(t.files)
      .where(eq(t.files.refno, group!.reference));
    expect(shared).toHaveLength(3);
    expect(new Set(shared.map((r) => r.debtorId)).size).toBe(1);
    // A creditor is made once, whichever file names it first.
    expect(await rowsOf(database.db, sql`select name from creditors group by name having count(*) > 1`)).toEqual([]);
  });

  it('reports a refused line by its number, field and reason and loads every other line', async () => {
    const good = lines(100, 106);
    const noPostalCode = importLineAt(106, { today });
    delete (noPostalCode.debtor as Partial<ImportLineInput['debtor']>).postalCode;
    const badStatus = { ...importLineAt(107, { today }), statusCode: '99' };
    const text = ndjson([
      good[0]!,
      good[1]!,
      JSON.stringify(noPostalCode),
      '{"reference": "1000',
      good[2]!,
      '',
      JSON.stringify(badStatus),
      good[3]!,
      good[4]!,
      good[5]!,
    ]);
    const report = await importBatch(database.db, stream(text), { chunkLines: 4 });
    expect(report).toMatchObject({ status: 'done', lines: 10, accepted: 6, rejected: 3, filesCreated: 6 });
    const rejects = await listRejects(database.db, report.id);
    expect(rejects.map((r) => ({ line: r.line, paths: r.issues.map((i) => i.path) }))).toEqual([
      { line: 3, paths: ['debtor.postalCode'] },
      { line: 4, paths: [''] },
      { line: 7, paths: ['statusCode'] },
    ]);
    expect(rejects[1]!.issues[0]!.message).toBe('not JSON');
    const refused = await database.db.select().from(t.files).where(eq(t.files.refno, noPostalCode.reference));
    expect(refused).toHaveLength(0);
  });

  it('keeps the start of a refused line even when its 1,000th character is half of an emoji', async () => {
    const line = `{"x":"${'a'.repeat(993)}😀${'b'.repeat(50)}"}`;
    expect(line.charCodeAt(999)).toBeGreaterThanOrEqual(0xd800);
    const report = await importBatch(database.db, stream(`${line}\n${lines(110, 111)[0]!}\n`));
    expect(report).toMatchObject({ status: 'done', accepted: 1, rejected: 1 });
    const [reject] = await listRejects(database.db, report.id);
    expect(reject!.text).toBe(line.slice(0, 999));
  });

  it('takes documents made in code (as the demo seed will), one line each', async () => {
    async function* documents() {
      for (let index = 250; index < 255; index++) yield importLineAt(index, { today });
    }
    const report = await importBatch(database.db, asNdjson(documents()), { source: 'demo' });
    expect(report).toMatchObject({ status: 'done', source: 'demo', lines: 5, accepted: 5, filesCreated: 5 });
  });

  it('reads a gzipped batch (by its magic bytes), even when the stream hands it over a byte at a time', async () => {
    const batch = ndjson(lines(200, 230));
    const gz = gzipSync(batch);
    const bytes = Readable.from(
      (function* () {
        for (let i = 0; i < gz.length; i++) yield gz.subarray(i, i + 1);
      })(),
    );
    const report = await importBatch(database.db, bytes, { chunkLines: 7 });
    expect(report).toMatchObject({ status: 'done', lines: 30, accepted: 30, rejected: 0, filesCreated: 30 });
  });

  it('imports the same batch again without changing anything', async () => {
    const batch = ndjson(lines(300, 340));
    await importBatch(database.db, stream(batch));
    const [from, to] = [lines(300, 301)[0]!, lines(339, 340)[0]!].map((l) =>
      (JSON.parse(l) as ImportLineInput).reference.slice(0, 9),
    );
    const before = await snapshot(database.db, from!, to!);
    const debtorsBefore = await rowsOf(database.db, sql`select id, updated_at from debtors order by id`);
    const again = await importBatch(database.db, stream(gzipSync(batch)), { chunkLines: 9 });
    expect(again).toMatchObject({
      status: 'done',
      accepted: 40,
      filesCreated: 0,
      filesUpdated: 0,
      debtorsCreated: 0,
      debtorsUpdated: 0,
      creditorsCreated: 0,
      creditorsUpdated: 0,
      filesDeleted: 0,
      statusChanges: 0,
    });
    expect(await snapshot(database.db, from!, to!)).toEqual(before);
    expect(await rowsOf(database.db, sql`select id, updated_at from debtors order by id`)).toEqual(debtorsBefore);
  });

  it('records a status change as PUT /files/{reference}/status does: a line of history and the version counted up', async () => {
    const line = importLineAt(400, { today });
    await importBatch(database.db, stream(JSON.stringify(line)));
    expect(await readFileStatus(database.db, line.reference)).toMatchObject({ version: 1 });
    const changed = { ...line, statusCode: '3' as const, subState: null, paymentsMinor: 0, statusDate: '2026-11-28' };
    const report = await importBatch(database.db, stream(JSON.stringify(changed)));
    expect(report).toMatchObject({ filesUpdated: 1, statusChanges: 1 });
    const history = await rowsOf<{ status_code: string; reason: string }>(
      database.db,
      sql`select h.status_code, h.reason from file_status_history h join files f on f.id = h.file_id
           where f.refno = ${line.reference} and f.subcase = 1 order by h.id`,
    );
    expect(history).toEqual([
      { status_code: line.statusCode, reason: 'import' },
      { status_code: '3', reason: 'import' },
    ]);
    // The file's one version (decision 099), as the API reads it: counted up once for the change.
    expect(await readFileStatus(database.db, line.reference)).toMatchObject({ statusCode: '3', version: 2 });
    expect(await readFileStatus(database.db, line.reference)).toMatchObject({ version: 2 });
    // Another field changed, the status not: the file is updated, no history, but a new version.
    const renamed = await importBatch(database.db, stream(JSON.stringify({ ...changed, claimSubject: 'Other words' })));
    expect(renamed).toMatchObject({ filesUpdated: 1, statusChanges: 0 });
    expect(await readFileStatus(database.db, line.reference)).toMatchObject({ version: 3 });
  });

  it('gives a debtor the portal already held without a key (a file from before imports) the agency key of its file instead of making another', async () => {
    const [demo] = await database.db
      .select({ debtorId: t.files.debtorId, creditorId: t.files.creditorId })
      .from(t.files)
      .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
    await database.db.update(t.debtors).set({ agencyKey: null }).where(eq(t.debtors.id, demo!.debtorId));
    const line = { ...importLineAt(500, { today }), reference: '100000001' };
    line.debtor = { ...line.debtor, key: 'DEMO-1' };
    const report = await importBatch(database.db, stream(JSON.stringify(line)));
    expect(report).toMatchObject({ accepted: 1, debtorsCreated: 0, debtorsUpdated: 1, filesUpdated: 1 });
    const [after] = await database.db
      .select({ debtorId: t.files.debtorId })
      .from(t.files)
      .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
    expect(after!.debtorId).toBe(demo!.debtorId);
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, demo!.debtorId));
    expect(debtor).toMatchObject({ agencyKey: 'DEMO-1', lastName: line.debtor.lastName ?? null });
  });
});

describe('what a batch says of creditors and deleted files', () => {
  const creditorOf = async (name: string) =>
    database.db
      .select({ street: t.creditors.street, postalCode: t.creditors.postalCode, city: t.creditors.city })
      .from(t.creditors)
      .where(eq(t.creditors.name, name));

  it('moves a known creditor to the address of the last line naming it, and counts it once', async () => {
    const name = 'Umzugs-Versand GmbH';
    const at = (n: number, street: string) => {
      const line = importLineAt(600 + n, { today });
      return { ...line, creditor: { ...line.creditor, name, street } };
    };
    const first = await importBatch(database.db, stream(ndjson([JSON.stringify(at(0, 'Alte Gasse 1'))])));
    expect(first).toMatchObject({ creditorsCreated: 1, creditorsUpdated: 0 });
    // Two lines of one chunk give two new addresses: the later line's wins.
    const moved = await importBatch(
      database.db,
      stream(ndjson([JSON.stringify(at(1, 'Neue Straße 2')), JSON.stringify(at(2, 'Letzter Weg 3'))])),
    );
    expect(moved).toMatchObject({ creditorsCreated: 0, creditorsUpdated: 1 });
    expect(await creditorOf(name)).toEqual([expect.objectContaining({ street: 'Letzter Weg 3' })]);
    // The same address again is no change.
    const again = await importBatch(database.db, stream(ndjson([JSON.stringify(at(2, 'Letzter Weg 3'))])));
    expect(again).toMatchObject({ creditorsUpdated: 0, filesUpdated: 0 });
  });

  it('counts a line naming a file deleted in the portal, and leaves that file as it is', async () => {
    const line = importLineAt(610, { today });
    await importBatch(database.db, stream(JSON.stringify(line)));
    const { refno: ref, subcase } = parseReference(line.reference)!;
    await database.db
      .update(t.files)
      .set({ deletedAt: new Date() })
      .where(and(eq(t.files.refno, ref), eq(t.files.subcase, subcase)));
    const before = await snapshot(database.db, ref, ref);
    const report = await importBatch(database.db, stream(JSON.stringify({ ...line, claimSubject: 'Anders' })));
    expect(report).toMatchObject({ accepted: 1, filesCreated: 0, filesUpdated: 0, filesDeleted: 1 });
    expect(await snapshot(database.db, ref, ref)).toEqual(before);
  });
});

describe('npm run agency:import', () => {
  it('imports a gzipped batch file, prints the report and writes the refused lines beside it', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'agency-import-'));
    const file = path.join(folder, 'batch.ndjson.gz');
    writeFileSync(
      file,
      gzipSync(ndjson([...lines(800, 802), '{"reference":"100000001","variant":"xx"}', ...lines(802, 804)])),
    );
    const result = await agencyImportCommand(database.db, [file, '--chunk', '2']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.code === 0 ? result.line : '{}') as { id: number; rejectedLines: string };
    expect(report).toMatchObject({ status: 'done', lines: 5, accepted: 4, rejected: 1, filesCreated: 4 });
    expect(report.rejectedLines).toBe(path.join(folder, 'batch.ndjson.rejected.ndjson'));
    const rejected = readFileSync(report.rejectedLines, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(rejected).toMatchObject([
      { line: 3, issues: expect.arrayContaining([expect.objectContaining({ path: 'variant' })]) },
    ]);
    // The job is done: resuming it changes nothing and answers the same report.
    const again = await agencyImportCommand(database.db, ['--resume', String(report.id)]);
    expect(again.code === 0 && JSON.parse(again.line)).toMatchObject({ id: report.id, filesCreated: 4, accepted: 4 });
  });

  it('refuses wrong usage (2) and a file or job that is not there (1)', async () => {
    expect((await agencyImportCommand(database.db, [])).code).toBe(2);
    expect((await agencyImportCommand(database.db, ['--resume', 'x'])).code).toBe(2);
    expect((await agencyImportCommand(database.db, ['a', 'b'])).code).toBe(2);
    expect((await agencyImportCommand(database.db, ['/nowhere/batch.ndjson'])).code).toBe(1);
    expect((await agencyImportCommand(database.db, ['--resume', '99999999'])).code).toBe(1);
  });
});

describe('a stopped job resumed', () => {
  // Two fresh databases: one for the uninterrupted run, one for the stopped and resumed job.
  let other: TestDatabase;
  let stoppedOne: TestDatabase;
  beforeAll(async () => {
    other = await createTestDatabase({ seed: false });
    stoppedOne = await createTestDatabase({ seed: false });
  }, 240_000);
  afterAll(async () => {
    await other?.dispose();
    await stoppedOne?.dispose();
  });

  it('goes on after its last merged chunk and ends with the database of an uninterrupted run', async () => {
    // A batch where later lines change earlier files: a resumed run that re-merged or skipped a chunk would differ.
    const changes = Array.from({ length: 10 }, (_, i) =>
      JSON.stringify({
        ...importLineAt(600 + i, { seed: 2, today }),
        reference: importLineAt(600 + i, { today }).reference,
      }),
    );
    const batch = [...lines(600, 640), ...changes, 'not json', ...lines(640, 650)];
    // Line 33 changes the status of line 30's file: in another chunk of 8 (a status change of its
    // own), in the same chunk of 5 (only the last line counts). So the chunks must be the job's own.
    const thirtieth = importLineAt(629, { today });
    const otherStatus = thirtieth.statusCode === '40' ? '41' : '40';
    batch[32] = JSON.stringify({ ...thirtieth, statusCode: otherStatus, subState: null });
    const text = ndjson(batch);
    const uninterrupted = await importBatch(other.db, stream(text), { chunkLines: 8 });

    const stopped = await importBatch(stoppedOne.db, stream(text), {
      chunkLines: 8,
      afterChunk: ({ chunk }) => {
        if (chunk === 3) throw new Error('stopped after chunk 3');
      },
    });
    expect(stopped).toMatchObject({ status: 'failed', lines: 24, error: 'stopped after chunk 3' });
    // The job keeps its own chunks: another size asked for on resuming is not taken.
    const resumed = await importBatch(stoppedOne.db, stream(text), { chunkLines: 5, importId: stopped.id });
    expect(resumed.id).toBe(stopped.id);
    const counts = ({ id: _id, createdAt: _c, finishedAt: _f, source: _s, ...rest }: typeof resumed) => rest;
    expect(counts(resumed)).toEqual(counts(uninterrupted));
    expect(uninterrupted.statusChanges).toBeGreaterThanOrEqual(1);
    expect(resumed).toMatchObject({
      status: 'done',
      lines: 61,
      rejected: 1,
      statusChanges: uninterrupted.statusChanges,
    });
    const [from, to] = ['800000590', '800000700'];
    const ours = await snapshot(stoppedOne.db, from, to);
    expect(ours.files.length).toBeGreaterThan(40);
    expect(ours).toEqual(await snapshot(other.db, from, to));
    // A job that is done is not run again.
    const again = await importBatch(stoppedOne.db, stream(text), { importId: stopped.id });
    expect(again).toEqual(resumed);
  });
});

describe('the HTTP door: POST and GET /agency/v1/imports', () => {
  const base = 'http://portal.test/agency/v1';
  let calls = 0;
  async function call(path: string, init: RequestInit & { token?: string } = {}) {
    calls += 1;
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    return handleAgencyRequest(new Request(`${base}${path}`, { ...init, headers, duplex: 'half' } as RequestInit), {
      clientAddress: `203.0.113.${calls % 250}`,
      db: database.db,
    });
  }
  async function tokenFor(scopes: Parameters<typeof createClient>[1]['scopes']) {
    const client = await createClient(database.db, { name: 'importer', scopes, requestsPerMinute: 10_000 });
    const response = await call('/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }
  const post = (token: string | undefined, body: BodyInit, headers: Record<string, string> = {}) =>
    call('/imports', { method: 'POST', token, headers: { 'content-type': 'application/x-ndjson', ...headers }, body });
  /** The job's report once its import ended (it may have ended before the answer was read). */
  const settled = async (id: number) => {
    await runningImports.get(id);
    return readImport(database.db, id);
  };
  let writer: string;
  beforeAll(async () => {
    writer = await tokenFor(['files:write']);
  });

  it('takes a gzipped batch (202 with the job), imports it after the answer and reports refused lines a page at a time', async () => {
    const batch = [
      ...lines(700, 710),
      '{"broken"',
      JSON.stringify({ ...importLineAt(710, { today }), currency: 'USD' }),
      ...lines(711, 715),
    ];
    const response = await post(writer, gzipSync(ndjson(batch)), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(202);
    const job = (await response.json()) as { id: number; status: string; source?: string };
    expect(job).toMatchObject({ status: 'running' });
    expect(job.source).toBeUndefined();
    expect(response.headers.get('location')).toBe(`/agency/v1/imports/${job.id}`);
    const [{ source }] = (await database.db
      .select({ source: t.agencyImports.source })
      .from(t.agencyImports)
      .where(eq(t.agencyImports.id, job.id))) as [{ source: string }];
    expect(source.startsWith(process.env.DATA_DIR!)).toBe(true);
    await settled(job.id);
    // The received batch is kept only until its job is done.
    expect(existsSync(source)).toBe(false);
    const report = await call(`/imports/${job.id}?limit=1`, { token: writer });
    expect(report.status).toBe(200);
    const first = (await report.json()) as {
      status: string;
      accepted: number;
      rejected: number;
      rejectedLines: Array<{ line: number; issues: Array<{ path: string }> }>;
      next: number | null;
    };
    expect(first).toMatchObject({ status: 'done', lines: 16, accepted: 14, rejected: 2, filesCreated: 14, next: 11 });
    expect(first.rejectedLines).toMatchObject([{ line: 11, issues: [{ path: '' }] }]);
    const second = (await (
      await call(`/imports/${job.id}?after=11&limit=1`, { token: writer })
    ).json()) as typeof first;
    expect(second).toMatchObject({ next: null, rejectedLines: [{ line: 12, issues: [{ path: 'currency' }] }] });
    // Another client does not see the job.
    const stranger = await tokenFor(['files:write']);
    expect((await call(`/imports/${job.id}`, { token: stranger })).status).toBe(404);
  });

  it('goes on at the server’s start with a received batch whose job a stop interrupted', async () => {
    const folder = mkdtempSync(path.join(process.env.DATA_DIR!, 'received-'));
    const file = path.join(folder, 'batch.ndjson');
    writeFileSync(file, ndjson(lines(730, 740)));
    // As a server killed mid-import leaves it: the job running, its first chunk merged.
    const job = await createImport(database.db, { source: file, clientId: 'agc_gone', chunkLines: 4 });
    await importBatch(database.db, stream(ndjson(lines(730, 740))), {
      importId: job.id,
      afterChunk: () => {
        throw new Error('killed');
      },
    });
    await database.db.update(t.agencyImports).set({ status: 'running' }).where(eq(t.agencyImports.id, job.id));
    const lost = await createImport(database.db, { source: path.join(folder, 'gone.ndjson'), clientId: 'agc_gone' });
    expect(await resumeReceivedImports(database.db)).toBe(1);
    expect(await settled(job.id)).toMatchObject({ status: 'done', lines: 10, accepted: 10, filesCreated: 10 });
    expect(existsSync(file)).toBe(false);
    // A job whose batch is not on this instance is left as it is.
    expect(await readImport(database.db, lost.id)).toMatchObject({ status: 'running', lines: 0 });
  });

  it('refuses a third batch of a client with two imports running (429, Retry-After, their ids), keeps no body, and takes it once one is done', async () => {
    const client = await createClient(database.db, {
      name: 'busy importer',
      scopes: ['files:write'],
      requestsPerMinute: 10_000,
    });
    const tokenResponse = await call('/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    const busy = ((await tokenResponse.json()) as { access_token: string }).access_token;
    // Two jobs of the client still running (on this instance or another: they are rows).
    const first = await createImport(database.db, { source: '/elsewhere/a.ndjson', clientId: client.id });
    const second = await createImport(database.db, { source: '/elsewhere/b.ndjson', clientId: client.id });
    const received = path.resolve(process.env.DATA_DIR ?? '.data', 'agency-imports');
    const kept = () => (existsSync(received) ? readdirSync(received).length : 0);
    const keptBefore = kept();
    const jobs = async () =>
      (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from agency_imports`))[0]!.n;
    const jobsBefore = await jobs();

    const refused = await post(busy, ndjson(lines(730, 732)));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({
      code: 'importsRunning',
      running: [first.id, second.id],
      retryAfterSeconds: 60,
    });
    expect(await jobs()).toBe(jobsBefore);
    expect(kept()).toBe(keptBefore);
    // Another client is not held up by this one's jobs.
    const other = await post(writer, ndjson(lines(740, 741)));
    expect(other.status).toBe(202);
    await settled(((await other.json()) as { id: number }).id);

    await database.db.update(t.agencyImports).set({ status: 'done' }).where(eq(t.agencyImports.id, first.id));
    const taken = await post(busy, ndjson(lines(730, 732)));
    expect(taken.status).toBe(202);
    expect(await settled(((await taken.json()) as { id: number }).id)).toMatchObject({ status: 'done', accepted: 2 });
  });

  it('answers 401 without a token and 403 without files:write', async () => {
    const body = ndjson(lines(720, 721));
    const none = await post(undefined, body);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'unauthorized' });
    const reader = await tokenFor(['files:read']);
    const refused = await post(reader, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficientScope' });
    expect((await call('/imports/1', { token: reader })).status).toBe(403);
    const count = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from files where refno = ${importLineAt(720, { today }).reference}`,
    );
    expect(count[0]!.n).toBe(0);
  });

  it.each([
    ['JSON instead of NDJSON', { 'content-type': 'application/json' }, '[]', 415, 'unsupportedMediaType'],
    ['another content coding', { 'content-encoding': 'br' }, 'x\n', 415, 'unsupportedMediaType'],
    ['a declared length over the largest batch', { 'content-length': String(2 ** 31) }, 'x\n', 413, 'tooLarge'],
    ['an empty body', {}, '', 400, 'brokenBody'],
    ['a body said to be gzip that is not', { 'content-encoding': 'gzip' }, '{"reference":"1"}\n', 400, 'brokenBody'],
  ])('refuses %s as a problem, never a 500, and makes no job', async (_, headers, body, status, code) => {
    const jobs = async () =>
      (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from agency_imports`))[0]!.n;
    const before = await jobs();
    const response = await post(writer, body, headers as Record<string, string>);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status, code });
    expect(await jobs()).toBe(before);
  });

  it('takes bytes that are no batch at all and reports each line refused (202, never a 500)', async () => {
    const garbage = Buffer.concat([
      Buffer.from([0x00, 0xff, 0x0a]),
      Buffer.from('\u0000{}\n'),
      Buffer.from('x'.repeat(70_000)),
    ]);
    const response = await post(writer, garbage);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: number };
    const report = await settled(id);
    expect(report).toMatchObject({ status: 'done', lines: 3, accepted: 0, rejected: 3 });
    expect((await call('/imports/99999999', { token: writer })).status).toBe(404);
    expect((await call(`/imports/${id}?limit=0`, { token: writer })).status).toBe(400);
  });
});
