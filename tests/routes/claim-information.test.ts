import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClaimInformation } from '#server/claims/information.ts';
import * as t from '#server/db/schema.ts';
import { action, loader } from '~/routes/$portal.claim-information';
import { loader as invoiceLoader } from '~/routes/$portal.claim-information_.invoices.$invoiceId';
import { useDocumentFolder } from '../helpers/documents.ts';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

useDocumentFolder(database);

async function infoFor(refno: string, params = de): Promise<ClaimInformation> {
  const result = await run(
    loader,
    getRequest(`/${params.portal}/claim-information`, { Cookie: await cookieFor(refno) }),
    params,
  );
  expect(result.status).toBe(200);
  return (result.data as { info: ClaimInformation }).info;
}

describe('claim information loader, per demo file', () => {
  it('100000001: the breakdown adds up, invoices with documents, costs with their basis, no payments yet', async () => {
    const info = await infoFor('100000001');
    const b = info.breakdown;
    expect(b).toEqual({
      mainClaimMinor: 42990,
      interestMinor: 1237,
      costsMinor: 14557,
      paymentsMinor: 0,
      totalMinor: 58784,
    });
    expect(info.costs.reduce((sum, c) => sum + c.amountMinor, 0)).toBe(b.costsMinor);
    expect(info.costs.map((c) => c.kind)).toEqual(['dunningFee', 'addressInquiry', 'collectionFee']);
    expect(info.costs.every((c) => c.legalBasis.length > 0)).toBe(true);
    expect(info.invoices.map((i) => i.number)).toEqual([
      expect.stringMatching(/^RE-\d{4}-118842$/),
      expect.stringMatching(/^RE-\d{4}-121907$/),
    ]);
    // Issue 25, finding 11: each number carries the year of its invoice's date.
    for (const i of info.invoices) expect(i.number.slice(3, 7), i.number).toBe(i.date.slice(0, 4));
    expect(info.invoices.every((i) => i.hasDocument)).toBe(true);
    expect(info.invoices.reduce((sum, i) => sum + i.amountMinor, 0)).toBe(b.mainClaimMinor);
    expect(info.payments).toEqual([]);
    expect(info.hasVideo).toBe(true);
    expect(info.interest).toMatchObject({ rateBp: 500, basis: 'statutoryDefault' });
    expect(info.addressTraced).toBe(true);
    expect(info.creditor).toMatchObject({ name: 'Nordwind Versand GmbH', city: 'Hamburg' });
    // The original creditor is named only on request.
    expect(info.originalCreditor).toEqual({ requestedAt: null, disclosed: null });
    expect(info.flags.showPayDirect).toBe(true);
  });

  it('100000002: payments made with the balance after each, newest first', async () => {
    const info = await infoFor('100000002');
    expect(info.payments.map((p) => [p.amountMinor, p.balanceMinor])).toEqual([
      [15000, 74010],
      [15000, 89010],
    ]);
    expect(info.breakdown.totalMinor).toBe(
      info.breakdown.mainClaimMinor +
        info.breakdown.interestMinor +
        info.breakdown.costsMinor -
        info.breakdown.paymentsMinor,
    );
    expect(info.status.labelKey).toBe('status.instalmentRunning');
    expect(info.originalCreditor).toBeNull();
  });

  it('100000003: down payment pending is the status', async () => {
    expect((await infoFor('100000003')).status.labelKey).toBe('status.downPaymentPending');
  });

  it('100000006: settled, nothing left to pay, the journey lists the letters', async () => {
    const info = await infoFor('100000006');
    expect(info.breakdown.totalMinor).toBe(0);
    expect(info.status.labelKey).toBe('status.settled');
    expect(info.flags.showPayDirect).toBe(false);
    expect(info.events?.map((e) => e.kind)).toEqual(['letterSent', 'letterSent', 'letterSent', 'handedOver']);
  });

  it('300000001: Swiss francs and Swiss law', async () => {
    const info = await infoFor('300000001', { portal: 'serviceportal-ch' });
    expect(info.currency).toBe('CHF');
    expect(info.costs.every((c) => c.legalBasis === 'CH.or106')).toBe(true);
    // Swiss figures in francs, not the euro data: a reminder fee of CHF 20 and an address search of CHF 25.
    expect(info.costs.map((c) => [c.kind, c.amountMinor])).toEqual([
      ['dunningFee', 2000],
      ['addressInquiry', 2500],
      ['collectionFee', 5000],
    ]);
  });

  it('400000001: Swedish kronor and Swedish default interest', async () => {
    const info = await infoFor('400000001', { portal: 'serviceportal-se' });
    expect(info.currency).toBe('SEK');
    expect(info.interest.rateBp).toBe(800);
    // The reminder fee the Swedish law allows (60 kr), not 5.00 copied from the euro data; no address search.
    expect(info.costs.map((c) => [c.kind, c.amountMinor])).toEqual([
      ['dunningFee', 6000],
      ['collectionFee', 12000],
    ]);
    expect(info.addressTraced).toBe(false);
    // What the claim is for comes as a code with parameters, worded by the page (decision 029).
    expect(info.subject.code).toEqual({ key: 'purchase', params: { goods: 'furniture', order: '31-77820' } });
  });

  it('sends a file of another variant to its own variant', async () => {
    const result = await run(
      loader,
      getRequest('/serviceportal/claim-information', { Cookie: await cookieFor('300000001') }),
      de,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal-ch/claim-information');
  });

  it('asks a reference-only session for the password, and a visitor to sign in', async () => {
    const limited = await run(
      loader,
      getRequest('/serviceportal/claim-information', { Cookie: await cookieFor('100000001', 'limited') }),
      de,
    );
    expect(limited.headers.get('Location')).toBe('/serviceportal/signin?returnTo=%2Fserviceportal%2Fclaim-information');
    const visitor = await run(loader, getRequest('/serviceportal/claim-information'), de);
    expect(visitor.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?action=AZonly/);
  });
});

describe('original creditor on request', () => {
  it('is disclosed after one request, recorded once in the journey and the audit log', async () => {
    const cookie = await cookieFor('100000001');
    const first = await run(
      action,
      formRequest('/serviceportal/claim-information', { intent: 'originalCreditor' }, { Cookie: cookie }),
      de,
    );
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/serviceportal/claim-information#original-creditor');
    await run(
      action,
      formRequest('/serviceportal/claim-information', { intent: 'originalCreditor' }, { Cookie: cookie }),
      de,
    );

    const info = await infoFor('100000001');
    expect(info.originalCreditor?.disclosed).toMatchObject({ name: 'Modehaus Lindner KG', city: 'Stuttgart' });
    expect(info.originalCreditor?.requestedAt).toBeTruthy();
    // Internal bookkeeping is not part of the journey the debtor sees.
    expect(info.events?.some((e) => e.kind === 'originalCreditorRequested')).toBe(false);

    const file = await fileOf('100000001');
    const recorded = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.fileId, file.id), eq(t.events.kind, 'originalCreditorRequested')));
    expect(recorded).toHaveLength(1);
    const audited = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.fileId, file.id), eq(t.auditLog.action, 'claim.originalCreditor.requested')));
    expect(audited).toHaveLength(1);
  });

  it('answers 400, not 500, to an unknown intent and for a file without an original creditor', async () => {
    const unknown = await run(
      action,
      formRequest('/serviceportal/claim-information', { intent: 'delete' }, { Cookie: await cookieFor('100000001') }),
      de,
    );
    expect(unknown.status).toBe(400);
    const none = await run(
      action,
      formRequest(
        '/serviceportal/claim-information',
        { intent: 'originalCreditor' },
        { Cookie: await cookieFor('100000002') },
      ),
      de,
    );
    expect(none.status).toBe(400);
    expect(none.data).toEqual({ error: 'noOriginalCreditor' });
  });
});

describe('original invoices', () => {
  async function invoiceIdsOf(refno: string) {
    const file = await fileOf(refno);
    return (await database.db.select({ id: t.invoices.id }).from(t.invoices).where(eq(t.invoices.fileId, file.id))).map(
      (r) => r.id,
    );
  }

  it('serves the debtor’s own invoice as a PDF, kept privately for 15 minutes', async () => {
    const [id] = await invoiceIdsOf('100000001');
    const result = await run(
      invoiceLoader,
      getRequest(`/serviceportal/claim-information/invoices/${id}`, { Cookie: await cookieFor('100000001') }),
      { ...de, invoiceId: String(id) },
    );
    expect(result.status).toBe(200);
    expect(result.headers.get('Content-Type')).toBe('application/pdf');
    expect(result.headers.get('Cache-Control')).toBe('private, max-age=900');
    expect(result.headers.get('Content-Disposition')).toMatch(/RE-\d{4}-118842\.pdf/);
    const bytes = new Uint8Array(await result.response!.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBe(Number(result.headers.get('Content-Length')));
  });

  it('answers 404 for another debtor’s invoice, exactly as for one that does not exist', async () => {
    const [id] = await invoiceIdsOf('100000001');
    const other = await run(
      invoiceLoader,
      getRequest(`/serviceportal/claim-information/invoices/${id}`, { Cookie: await cookieFor('100000002') }),
      { ...de, invoiceId: String(id) },
    );
    expect(other.status).toBe(404);
    for (const bad of ['999999', 'abc', '-1', '1e3']) {
      const missing = await run(
        invoiceLoader,
        getRequest(`/serviceportal/claim-information/invoices/${bad}`, { Cookie: await cookieFor('100000001') }),
        { ...de, invoiceId: bad },
      );
      expect(missing.status).toBe(404);
    }
  });

  it('needs a full login', async () => {
    const [id] = await invoiceIdsOf('100000001');
    const limited = await run(
      invoiceLoader,
      getRequest(`/serviceportal/claim-information/invoices/${id}`, {
        Cookie: await cookieFor('100000001', 'limited'),
      }),
      { ...de, invoiceId: String(id) },
    );
    expect(limited.status).toBe(302);
  });
});
