/**
 * The agency's invoices, instalment plans and SEPA mandates (issue 29 item 1, decision 101) against
 * a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): an invoice put with its PDF as
 * multipart appears on the debtor's claim page and its PDF downloads through the page's own route,
 * the same body again keeps the version and stores nothing, a change needs If-Match (428, 412,
 * nothing written), bodies that are no PDF, too large or malformed are problems and never a
 * failure, the download link expires and is bound to its PDF; the plans and mandates of a demo
 * file as agreed, nothing of another file, and the scopes.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLinkSeconds, maxInvoicePdfBytes } from '#server/agency/invoices.ts';
import * as t from '#server/db/schema.ts';
import { documentStore } from '#server/documents/store.ts';
import { loader as claimInformation } from '~/routes/$portal.claim-information';
import { loader as invoiceDownload } from '~/routes/$portal.claim-information_.invoices.$invoiceId';
import { demoFiles, getRequest, run } from '../helpers/routes.ts';
import { useAgencyTestDatabase } from '../helpers/agency-client.ts';

const agency = useAgencyTestDatabase('resources test');
const { call } = agency;

/** A small PDF of its own (the text makes each one's bytes differ). */
const pdfOf = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

const metadataFor = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  date: '2025-09-14',
  dueDate: '2025-09-28',
  amountMinor: 12_990,
  currency: 'EUR',
  description: 'Smartphone Z3, Bestellung 4471-2291',
  ...extra,
});

/** The multipart body of an invoice put: the metadata part (JSON) and the pdf part. */
function invoiceForm(
  metadata: unknown,
  pdf: Uint8Array<ArrayBuffer> | null,
  extra: (form: FormData) => void = () => undefined,
) {
  const form = new FormData();
  form.set('metadata', typeof metadata === 'string' ? metadata : JSON.stringify(metadata));
  if (pdf) form.set('pdf', new Blob([pdf], { type: 'application/pdf' }), 'invoice.pdf');
  extra(form);
  return form;
}

function putInvoice(
  path: string,
  body: FormData | string,
  headers: Record<string, string> = {},
  token = agency.writer,
) {
  return call(path, { method: 'PUT', token, headers, body });
}

async function problemOf(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as { code: string; issues?: Array<{ path: string }> };
  expect(body.code).toBe(code);
  return body;
}

async function fileIdOf(refno: string) {
  const [row] = await agency.database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.refno, refno));
  return row!.id;
}

/** The PDFs stored for the agency's invoices of a file (the store keeps one folder per file). */
async function storedPdfs(refno: string) {
  return documentStore().list(`agency-invoices/${await fileIdOf(refno)}/`);
}

describe('PUT /files/{reference}/invoices/{id}', () => {
  const path = '/files/100000001/invoices/INV-1';
  const pdf = pdfOf('first');

  it('makes the invoice (201), shows it on the debtor’s claim page and serves its PDF by the page’s route', async () => {
    const created = await putInvoice(path, invoiceForm(metadataFor('RE-2025-77001'), pdf));
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.headers.get('location')).toBe(`/agency/v1${path}`);
    const body = (await created.json()) as { id: string; pdf: { sizeBytes: number; sha256: string } };
    expect(body).toMatchObject({ id: 'INV-1', reference: '100000001', number: 'RE-2025-77001', amountMinor: 12_990 });
    expect(body.pdf.sizeBytes).toBe(pdf.byteLength);

    const { cookieFor: cookie } = demoFiles({ db: agency.database.db });
    const page = await run(
      claimInformation,
      getRequest('/serviceportal/claim-information', { Cookie: await cookie('100000001') }),
      { portal: 'serviceportal' },
    );
    expect(page.status).toBe(200);
    const { info } = page.data as {
      info: { invoices: Array<{ id: number; number: string; amountMinor: number; hasDocument: boolean }> };
    };
    const shown = info.invoices.find((invoice) => invoice.number === 'RE-2025-77001');
    expect(shown).toMatchObject({ amountMinor: 12_990, hasDocument: true });

    const download = await run(
      invoiceDownload,
      getRequest(`/serviceportal/claim-information/invoices/${shown!.id}`, { Cookie: await cookie('100000001') }),
      { portal: 'serviceportal', invoiceId: String(shown!.id) },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(new Uint8Array(await download.response!.arrayBuffer())).toEqual(pdf);
    // Another debtor's session does not get it.
    const other = await run(
      invoiceDownload,
      getRequest(`/serviceportal/claim-information/invoices/${shown!.id}`, { Cookie: await cookie('100000002') }),
      { portal: 'serviceportal', invoiceId: String(shown!.id) },
    );
    expect(other.status).toBe(404);
  });

  it('answers the same body again with 200 and the same ETag, storing nothing', async () => {
    const before = await storedPdfs('100000001');
    expect(before).toHaveLength(1);
    const again = await putInvoice(path, invoiceForm(metadataFor('RE-2025-77001'), pdf));
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe('"1"');
    // Even with a stale If-Match: nothing would change.
    const retried = await putInvoice(path, invoiceForm(metadataFor('RE-2025-77001'), pdf), { 'if-match': '"9"' });
    expect(retried.status).toBe(200);
    expect(await storedPdfs('100000001')).toEqual(before);
  });

  it('needs If-Match to change it (428, 412, nothing written), then changes metadata and PDF', async () => {
    const before = await storedPdfs('100000001');
    const changed = metadataFor('RE-2025-77001', { amountMinor: 13_990 });
    const newPdf = pdfOf('second');
    const required = await problemOf(await putInvoice(path, invoiceForm(changed, newPdf)), 428, 'preconditionRequired');
    expect(required).toMatchObject({ currentVersion: 1 });
    await problemOf(
      await putInvoice(path, invoiceForm(changed, newPdf), { 'if-match': '"2"' }),
      412,
      'preconditionFailed',
    );
    await problemOf(
      await putInvoice(path, invoiceForm(changed, pdf), { 'if-none-match': '*' }),
      412,
      'preconditionFailed',
    );
    // Nothing written: the same invoice, the same one PDF stored (what the refused puts stored is gone).
    const read = await call(path, { token: agency.reader });
    expect(read.headers.get('etag')).toBe('"1"');
    expect(await read.json()).toMatchObject({ amountMinor: 12_990 });
    expect(await storedPdfs('100000001')).toEqual(before);

    const metadataOnly = await putInvoice(path, invoiceForm(changed, pdf), { 'if-match': '"1"' });
    expect(metadataOnly.status).toBe(200);
    expect(metadataOnly.headers.get('etag')).toBe('"2"');
    expect(await storedPdfs('100000001')).toEqual(before);

    const withPdf = await putInvoice(path, invoiceForm(changed, newPdf), { 'if-match': '"2"' });
    expect(withPdf.status).toBe(200);
    expect(withPdf.headers.get('etag')).toBe('"3"');
    // The new PDF replaced the old one in the store.
    const after = await storedPdfs('100000001');
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    const [row] = await agency.database.db.select().from(t.invoices).where(eq(t.invoices.agencyId, 'INV-1'));
    const download = await run(
      invoiceDownload,
      getRequest(`/serviceportal/claim-information/invoices/${row!.id}`, {
        Cookie: await demoFiles({ db: agency.database.db }).cookieFor('100000001'),
      }),
      { portal: 'serviceportal', invoiceId: String(row!.id) },
    );
    expect(new Uint8Array(await download.response!.arrayBuffer())).toEqual(newPdf);
  });

  it('refuses what is no PDF, too large or malformed as problems, writing nothing', async () => {
    const target = '/files/100000001/invoices/INV-BAD';
    const good = metadataFor('RE-BAD');
    await problemOf(
      await putInvoice(target, invoiceForm(good, new TextEncoder().encode('GIF89a…'))),
      415,
      'unsupportedMediaType',
    );
    await problemOf(
      await putInvoice(target, invoiceForm(good, new TextEncoder().encode('%PDF-1.4\n1 0 obj'))),
      422,
      'brokenPdf',
    );
    await problemOf(
      await call(target, {
        method: 'PUT',
        token: agency.writer,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...good, pdf: Buffer.from(pdfOf('x')).toString('base64') }),
      }),
      415,
      'unsupportedMediaType',
    );
    const large = new Uint8Array(maxInvoicePdfBytes + 1);
    large.set(pdfOf('large'));
    await problemOf(await putInvoice(target, invoiceForm(good, large)), 413, 'tooLarge');
    const missing = await problemOf(await putInvoice(target, invoiceForm(good, null)), 400, 'invalid');
    expect(missing.issues).toEqual([{ path: 'pdf', message: 'missing' }]);
    const unknownPart = await problemOf(
      await putInvoice(
        target,
        invoiceForm(good, pdfOf('y'), (form) => form.set('extra', 'x')),
      ),
      400,
      'invalid',
    );
    expect(unknownPart.issues?.[0]?.path).toBe('extra');
    const twice = await problemOf(
      await putInvoice(
        target,
        invoiceForm(good, pdfOf('y'), (form) => form.append('pdf', new Blob([pdfOf('z')]), 'b.pdf')),
      ),
      400,
      'invalid',
    );
    expect(twice.issues?.[0]).toMatchObject({ path: 'pdf', message: 'sent more than once' });
    const unknownField = await problemOf(
      await putInvoice(target, invoiceForm({ ...good, vat: 19 }, pdfOf('y'))),
      400,
      'invalid',
    );
    expect(unknownField.issues?.[0]?.path).toBe('metadata');
    await problemOf(await putInvoice(target, invoiceForm('{"number":', pdfOf('y'))), 400, 'brokenBody');
    await problemOf(
      await putInvoice(target, invoiceForm({ ...good, amountMinor: '12990' }, pdfOf('y'))),
      400,
      'invalid',
    );
    await problemOf(await putInvoice(target, invoiceForm({ ...good, date: '2025-02-30' }, pdfOf('y'))), 400, 'invalid');
    await problemOf(
      await putInvoice(target, invoiceForm({ ...good, description: 'a\u0000b' }, pdfOf('y'))),
      400,
      'invalid',
    );
    const currency = await problemOf(
      await putInvoice(target, invoiceForm({ ...good, currency: 'CHF' }, pdfOf('y'))),
      400,
      'invalid',
    );
    expect(currency.issues?.[0]?.path).toBe('metadata.currency');
    await problemOf(
      await putInvoice(target, 'not multipart at all', { 'content-type': 'multipart/form-data; boundary=xyz' }),
      400,
      'brokenBody',
    );
    await problemOf(await putInvoice(target, 'x', { 'content-type': 'multipart/form-data' }), 400, 'brokenBody');
    // Unknown file, a path that is no reference or id, no token, the wrong scope.
    await problemOf(
      await putInvoice('/files/999999999/invoices/INV-1', invoiceForm(good, pdfOf('y'))),
      404,
      'notFound',
    );
    await problemOf(
      await putInvoice(`/files/100000001/invoices/${'i'.repeat(65)}`, invoiceForm(good, pdfOf('y'))),
      404,
      'notFound',
    );
    const anonymous = await call(target, { method: 'PUT', body: invoiceForm(good, pdfOf('y')) });
    expect(anonymous.status).toBe(401);
    await problemOf(
      await putInvoice(target, invoiceForm(good, pdfOf('y')), {}, agency.reader),
      403,
      'insufficientScope',
    );

    expect(await agency.database.db.select().from(t.invoices).where(eq(t.invoices.agencyId, 'INV-BAD'))).toEqual([]);
    expect(await storedPdfs('100000001')).toHaveLength(1);
  });
});

describe('GET /files/{reference}/invoices and …/{id}', () => {
  const pdf = pdfOf('listed');

  it('lists the agency’s invoices of the file only, and answers one with a download link that expires', async () => {
    expect((await putInvoice('/files/100000002/invoices/INV-2', invoiceForm(metadataFor('RE-2'), pdf))).status).toBe(
      201,
    );
    const list = (await (await call('/files/100000001/invoices', { token: agency.reader })).json()) as {
      invoices: Array<{ id: string; reference: string }>;
    };
    expect(list.invoices.map((invoice) => invoice.id)).toEqual(['INV-1']);
    const other = (await (await call('/files/100000002/invoices', { token: agency.reader })).json()) as {
      invoices: Array<{ id: string }>;
    };
    expect(other.invoices.map((invoice) => invoice.id)).toEqual(['INV-2']);
    // Another file's invoice id is not found under this file.
    expect((await call('/files/100000001/invoices/INV-2', { token: agency.reader })).status).toBe(404);
    expect((await call('/files/999999999/invoices', { token: agency.reader })).status).toBe(404);

    const now = new Date();
    const read = await call('/files/100000002/invoices/INV-2', { token: agency.reader, now });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    const invoice = (await read.json()) as { pdf: { sha256: string }; download: { url: string; expiresAt: string } };
    expect(new Date(invoice.download.expiresAt).getTime()).toBeGreaterThan(now.getTime());
    const fetched = await call(invoice.download.url, { now });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('digest')).toBe(`sha-256=${Buffer.from(invoice.pdf.sha256, 'hex').toString('base64')}`);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(pdf);

    // Expired, altered, or made for a PDF the invoice no longer has: 404.
    const later = new Date(now.getTime() + (invoiceLinkSeconds + 5) * 1000);
    expect((await call(invoice.download.url, { now: later })).status).toBe(404);
    const altered = invoice.download.url.replace(
      /.(\.[^.]+)$/,
      (match, rest: string) => `${match[0] === 'A' ? 'B' : 'A'}${rest}`,
    );
    expect(altered).not.toBe(invoice.download.url);
    expect((await call(altered, { now })).status).toBe(404);
    expect((await call(invoice.download.url, { now, method: 'POST' })).status).toBe(405);
    expect(
      (
        await putInvoice('/files/100000002/invoices/INV-2', invoiceForm(metadataFor('RE-2'), pdfOf('replaced')), {
          'if-match': '"1"',
        })
      ).status,
    ).toBe(200);
    expect((await call(invoice.download.url, { now })).status).toBe(404);

    // The download is audited under the client the link was made for.
    const audited = (await agency.database.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'agency.downloadInvoicePdf'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(audited.rows[0]!.n).toBeGreaterThan(0);
  });

  it('needs files:read', async () => {
    await problemOf(await call('/files/100000001/invoices', { token: agency.writeOnly }), 403, 'insufficientScope');
    await problemOf(
      await call('/files/100000001/invoices/INV-1', { token: agency.writeOnly }),
      403,
      'insufficientScope',
    );
    expect((await call('/files/100000001/invoices')).status).toBe(401);
  });
});

type Plans = {
  plans: Array<{
    id: number;
    status: string;
    channel: string | null;
    method: string | null;
    directDebit: { active: boolean; failed: boolean; mandateReference: string | null };
    instalmentCount: number;
    totalMinor: number;
    rows: Array<{ position: number; paidAt: string | null; isFinal: boolean }>;
  }>;
};
type Mandates = {
  mandates: Array<{
    reference: string;
    iban: string;
    accountHolder: string;
    status: string;
    agreement: { kind: string; id: number };
  }>;
};

describe('GET /files/{reference}/plans and …/mandates', () => {
  it('answers the SEPA demo file’s plan and its mandate with the full IBAN', async () => {
    const plans = (await (await call('/files/100000011/plans', { token: agency.reader })).json()) as Plans;
    expect(plans.plans).toHaveLength(1);
    const [plan] = plans.plans;
    expect(plan).toMatchObject({ status: 'active', method: '3', totalMinor: 110_740, channel: null });
    expect(plan!.directDebit).toMatchObject({ active: true, failed: false });
    expect(plan!.directDebit.mandateReference).toMatch(/^CI-100000011-P\d+$/);
    expect(plan!.rows.length).toBeGreaterThan(1);
    expect(plan!.rows[0]!.paidAt).not.toBeNull();
    expect(plan!.rows.at(-1)!.isFinal).toBe(true);

    const mandates = (await (await call('/files/100000011/mandates', { token: agency.reader })).json()) as Mandates;
    expect(mandates.mandates).toEqual([
      expect.objectContaining({
        reference: plan!.directDebit.mandateReference,
        iban: 'DE89370400440532013000',
        accountHolder: 'Andreas Wolf',
        status: 'active',
        agreement: { kind: 'plan', id: plan!.id },
      }),
    ]);
  });

  it('answers a running plan without direct debit, a cancelled one, and no mandates of another file', async () => {
    const running = (await (await call('/files/100000002/plans', { token: agency.reader })).json()) as Plans;
    expect(running.plans).toHaveLength(1);
    expect(running.plans[0]).toMatchObject({
      status: 'active',
      directDebit: { active: false, mandateReference: null },
    });
    const cancelled = (await (await call('/files/100000005/plans', { token: agency.reader })).json()) as Plans;
    expect(cancelled.plans.map((p) => p.status)).toEqual(['cancelled']);
    const none = (await (await call('/files/100000001/plans', { token: agency.reader })).json()) as Plans;
    expect(none.plans).toEqual([]);
    for (const refno of ['100000001', '100000002', '100000005']) {
      const text = await (await call(`/files/${refno}/mandates`, { token: agency.reader })).text();
      expect(JSON.parse(text)).toEqual({ mandates: [] });
      expect(text).not.toContain('DE89370400440532013000');
    }
    expect((await call('/files/999999999/plans', { token: agency.reader })).status).toBe(404);
    expect((await call('/files/999999999/mandates', { token: agency.reader })).status).toBe(404);
  });

  it('names the door a plan was agreed through, from its event', async () => {
    const fileId = await fileIdOf('100000002');
    const [plan] = await agency.database.db
      .select({ id: t.instalmentPlans.id })
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.fileId, fileId));
    await agency.database.db.insert(t.agencyEvents).values({
      id: `evt_test_${plan!.id}`,
      type: 'agreement.planAgreed',
      fileId,
      occurredAt: new Date(),
      payload: { data: { action: 'agreePlan', door: 'assistant', result: { planId: plan!.id } } },
    });
    const plans = (await (await call('/files/100000002/plans', { token: agency.reader })).json()) as Plans;
    expect(plans.plans[0]!.channel).toBe('assistant');
  });

  it('marks a mandate replaced by a later one for the same plan, and a failed debit', async () => {
    const fileId = await fileIdOf('100000011');
    const [first] = await agency.database.db.select().from(t.sepaMandates).where(eq(t.sepaMandates.fileId, fileId));
    await agency.database.db.insert(t.sepaMandates).values({
      ...first!,
      id: undefined,
      mandateReference: `${first!.mandateReference}-2`,
      iban: 'DE02120300000000202051',
      signedAt: new Date(first!.signedAt.getTime() + 86_400_000),
    });
    await agency.database.db
      .update(t.instalmentPlans)
      .set({ sepaFailed: true })
      .where(eq(t.instalmentPlans.id, first!.agreementId));
    const mandates = (await (await call('/files/100000011/mandates', { token: agency.reader })).json()) as Mandates;
    expect(mandates.mandates.map((m) => [m.iban, m.status])).toEqual([
      ['DE02120300000000202051', 'failed'],
      ['DE89370400440532013000', 'replaced'],
    ]);
  });

  it('needs files:read', async () => {
    await problemOf(await call('/files/100000011/plans', { token: agency.writeOnly }), 403, 'insufficientScope');
    await problemOf(await call('/files/100000011/mandates', { token: agency.writeOnly }), 403, 'insufficientScope');
    expect((await call('/files/100000011/mandates')).status).toBe(401);
  });
});
