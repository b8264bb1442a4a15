/**
 * The agency takes back what it set on a file (decision 106) against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): the special offer, the down payment, a modal and an invoice,
 * each by DELETE with If-Match. The debtor no longer sees what was taken back (the dashboard, the
 * checkout's amounts, the modal queue, the claim page and its PDF); 428 and 412 write nothing; what
 * the debtor took or acknowledged stays (409); files:read alone is 403; another file's id is 404 and
 * touches nothing; a second DELETE is 204 and writes nothing; a PUT after it makes a new one whose
 * version is above every earlier one; every call is audited; a payment started on facts read
 * before a DELETE is refused under the file's lock.
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acknowledgeModal, pendingModals, respondToSpecialOffer } from '#server/claims/modals.ts';
import { loadFileFacts } from '#server/claims/facts.ts';
import { todayIso } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { documentStore } from '#server/documents/store.ts';
import type { Database } from '#server/db/client.ts';
import { amountFor } from '#server/payments/purpose.ts';
import { createPayment } from '#server/payments/service/start.ts';
import { variants } from '#server/variants/config.ts';
import { loader as claimInformation } from '~/routes/$portal.claim-information';
import { loader as invoiceDownload } from '~/routes/$portal.claim-information_.invoices.$invoiceId';
import { demoFiles, getRequest, run } from '../helpers/routes.ts';
import { problemOf, useAgencyTestDatabase } from '../helpers/agency-client.ts';
import { dashboardOf as debtorDashboard } from '../helpers/debtor-pages.ts';

const agency = useAgencyTestDatabase('deletes test');
const { call, put } = agency;

/** A file made by the API, with what the debtor's side needs to act on it. */
async function fileFor(n: number) {
  const made = await agency.putGermanFile(String(972_000_000 + n), `DEL-${n}`);
  return { ...made, actor: { fileId: made.fileId, debtorId: made.debtorId, level: 'full' as const } };
}

/** A DELETE with these headers (If-Match when given). */
const del = (path: string, headers: Record<string, string> = {}, token = agency.writer) =>
  call(path, { method: 'DELETE', token, headers });

/** The debtor's dashboard as the loader answers it (full login). */
const dashboardOf = (reference: string) => debtorDashboard(agency.database.db, reference);

/** What the checkout would ask for a purpose today (null: it offers nothing for it). */
async function checkoutAmount(fileId: number, purpose: 'specialOffer' | 'downPayment') {
  const today = todayIso();
  const facts = await loadFileFacts(agency.database.db, fileId, { today });
  return amountFor(facts!, purpose, today);
}

/** The claim page's invoices for the debtor. */
async function claimInvoicesOf(reference: string) {
  const { cookieFor } = demoFiles({ db: agency.database.db });
  const page = await run(
    claimInformation,
    getRequest('/serviceportal/claim-information', { Cookie: await cookieFor(reference) }),
    { portal: 'serviceportal' },
  );
  expect(page.status).toBe(200);
  return (page.data as { info: { invoices: Array<{ id: number; number: string }> } }).info.invoices;
}

/** A day `days` from today. */
const dayIn = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));

/** The rows of the file's parts: what a refused call must leave as it was. */
async function partsOf(fileId: number) {
  const db = agency.database.db;
  const [offers, deposits, modals, invoices] = await Promise.all([
    db.select().from(t.specialOffers).where(eq(t.specialOffers.fileId, fileId)).orderBy(t.specialOffers.id),
    db.select().from(t.deposits).where(eq(t.deposits.fileId, fileId)).orderBy(t.deposits.id),
    db.select().from(t.modals).where(eq(t.modals.fileId, fileId)).orderBy(t.modals.id),
    db.select().from(t.invoices).where(eq(t.invoices.fileId, fileId)).orderBy(t.invoices.id),
  ]);
  return { offers, deposits, modals, invoices };
}

/** A payment of the file under way (pending at a provider), linked to a part. */
async function paymentUnderWay(
  file: { fileId: number; debtorId: number },
  link: { specialOfferId: number } | { depositId: number },
) {
  await agency.database.db.insert(t.payments).values({
    id: `pay_del_${file.fileId}`,
    fileId: file.fileId,
    debtorId: file.debtorId,
    variant: 'de',
    idempotencyKey: `del-${file.fileId}`,
    providerId: '4',
    purpose: 'specialOfferId' in link ? 'specialOffer' : 'downPayment',
    amountMinor: 5_000,
    currency: 'EUR',
    status: 'pending',
    expiresAt: new Date(Date.now() + 3_600_000),
    ...link,
  });
}

describe('DELETE /files/{reference}/special-offer', () => {
  const offer = { amountMinor: 20_000, currency: 'EUR', validTill: dayIn(14) };

  it('withdraws the open offer: the debtor sees no amount, no special deal and no modal; the GET reads it withdrawn', async () => {
    const file = await fileFor(1);
    const path = `/files/${file.reference}/special-offer`;
    const etag = (await put(path, agency.writer, offer)).headers.get('etag')!;
    const modal = (await pendingModals(agency.database.db, file.fileId)).find((m) => m.kind === 'specialOffer')!;
    expect((await dashboardOf(file.reference)).view.amountToPay.kind).toBe('specialDeal');

    const withdrawn = await del(path, { 'if-match': etag });
    expect(withdrawn.status).toBe(204);
    expect(withdrawn.headers.get('etag')).toBe('"2"');
    expect(await withdrawn.text()).toBe('');

    const page = await dashboardOf(file.reference);
    expect(page.view.specialOffer).toBeNull();
    expect(page.view.amountToPay.kind).not.toBe('specialDeal');
    expect(page.modals.find((m) => m.kind === 'specialOffer')).toBeUndefined();
    expect(await checkoutAmount(file.fileId, 'specialOffer')).toBeNull();
    // An answer posted from the modal shown before: the offer is no longer there to take.
    expect(
      await respondToSpecialOffer(agency.database.db, file.actor, { modal: modal.ref, response: 'accept' }),
    ).toEqual({ ok: false, error: 'offerUnavailable' });

    const read = await call(path, { token: agency.reader });
    expect(read.headers.get('etag')).toBe('"2"');
    const body = (await read.json()) as { status: string; withdrawnAt: string; acceptedAt: null };
    expect(body).toMatchObject({ status: 'withdrawn', amountMinor: 20_000, acceptedAt: null, declinedAt: null });
    expect(Date.parse(body.withdrawnAt)).not.toBeNaN();
    // The row stays: what the debtor was offered is still known.
    const { offers } = await partsOf(file.fileId);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.withdrawnAt).not.toBeNull();
    expect(offers[0]!.acceptedAt).toBeNull();

    // Audited as every agency call.
    const audited = await agency.database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.actor, 'agency'), eq(t.auditLog.action, 'agency.deleteSpecialOffer')));
    expect(audited.map((row) => row.detail)).toContainEqual(expect.objectContaining({ method: 'DELETE', status: 204 }));
  });

  it('needs If-Match (428) naming the version (412), writing nothing; files:read alone is 403', async () => {
    const file = await fileFor(2);
    const path = `/files/${file.reference}/special-offer`;
    await put(path, agency.writer, offer);
    const before = await partsOf(file.fileId);
    expect(await problemOf(await del(path), 428, 'preconditionRequired')).toMatchObject({ currentVersion: 1 });
    expect(await problemOf(await del(path, { 'if-match': '"7"' }), 412, 'preconditionFailed')).toMatchObject({
      currentVersion: 1,
    });
    await problemOf(await del(path, { 'if-match': '"1"' }, agency.reader), 403, 'insufficientScope');
    expect(await partsOf(file.fileId)).toEqual(before);
    expect((await dashboardOf(file.reference)).view.specialOffer).toMatchObject({ amountMinor: 20_000 });
    // files:write alone is enough.
    expect((await del(path, { 'if-match': '"1"' }, agency.writeOnly)).status).toBe(204);
  });

  it('answers a second DELETE 204 and writes nothing, whatever If-Match says; 404 without an offer or a file', async () => {
    const file = await fileFor(3);
    const path = `/files/${file.reference}/special-offer`;
    await put(path, agency.writer, offer);
    expect((await del(path, { 'if-match': '"1"' })).status).toBe(204);
    const after = await partsOf(file.fileId);
    for (const headers of [{ 'if-match': '"1"' }, {}, { 'if-match': '"2"' }] as Array<Record<string, string>>) {
      const again = await del(path, headers);
      expect(again.status).toBe(204);
      expect(again.headers.get('etag')).toBe('"2"');
    }
    expect(await partsOf(file.fileId)).toEqual(after);

    const bare = await fileFor(4);
    await problemOf(await del(`/files/${bare.reference}/special-offer`, { 'if-match': '"1"' }), 404, 'noOffer');
    await problemOf(await del('/files/972999999/special-offer', { 'if-match': '"1"' }), 404, 'notFound');
  });

  it('never withdraws an offer the debtor accepted or is paying (409 with the offer, it stays)', async () => {
    const accepted = await fileFor(5);
    const path = `/files/${accepted.reference}/special-offer`;
    await put(path, agency.writer, offer);
    const modal = (await pendingModals(agency.database.db, accepted.fileId)).find((m) => m.kind === 'specialOffer')!;
    await respondToSpecialOffer(agency.database.db, accepted.actor, { modal: modal.ref, response: 'accept' });
    const etag = (await call(path, { token: agency.reader })).headers.get('etag')!;
    const before = await partsOf(accepted.fileId);
    const refused = await problemOf(await del(path, { 'if-match': etag }), 409, 'offerTaken');
    expect(refused).toMatchObject({ currentVersion: 2, offer: { status: 'accepted' } });
    expect(await partsOf(accepted.fileId)).toEqual(before);

    const paying = await fileFor(6);
    const payingPath = `/files/${paying.reference}/special-offer`;
    await put(payingPath, agency.writer, offer);
    await paymentUnderWay(paying, { specialOfferId: (await partsOf(paying.fileId)).offers[0]!.id });
    const stays = await partsOf(paying.fileId);
    const taken = await problemOf(await del(payingPath, { 'if-match': '"1"' }), 409, 'offerTaken');
    expect(taken).toMatchObject({ detail: expect.stringContaining('being paid'), offer: { status: 'open' } });
    expect(await partsOf(paying.fileId)).toEqual(stays);
  });

  it('withdraws a declined offer too (nothing changes for the debtor; declinedAt stays)', async () => {
    const file = await fileFor(7);
    const path = `/files/${file.reference}/special-offer`;
    await put(path, agency.writer, offer);
    const modal = (await pendingModals(agency.database.db, file.fileId)).find((m) => m.kind === 'specialOffer')!;
    await respondToSpecialOffer(agency.database.db, file.actor, { modal: modal.ref, response: 'decline' });
    const etag = (await call(path, { token: agency.reader })).headers.get('etag')!;
    expect((await del(path, { 'if-match': etag })).status).toBe(204);
    const read = (await (await call(path, { token: agency.reader })).json()) as { status: string; declinedAt: string };
    expect(read.status).toBe('withdrawn');
    expect(read.declinedAt).not.toBeNull();
    expect((await dashboardOf(file.reference)).view.specialOffer).toBeNull();
  });

  it('makes a new offer with a PUT after a withdrawal, also with the same amount and day, shown again with its modal', async () => {
    const file = await fileFor(8);
    const path = `/files/${file.reference}/special-offer`;
    await put(path, agency.writer, offer);
    const withdrawn = await del(path, { 'if-match': '"1"' });
    const etag = withdrawn.headers.get('etag')!;
    // The withdrawn offer is still the resource: a PUT needs its ETag, as after a decline.
    await problemOf(await put(path, agency.writer, offer), 428, 'preconditionRequired');
    const again = await put(path, agency.writer, offer, { 'if-match': etag });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe('"3"');
    expect(await again.json()).toMatchObject({ status: 'open', amountMinor: 20_000 });
    const { offers, modals } = await partsOf(file.fileId);
    expect(offers).toHaveLength(2);
    expect(offers[0]!.withdrawnAt).not.toBeNull();
    expect(offers[1]!.withdrawnAt).toBeNull();
    // The offer's modal, never answered, shows the new offer.
    expect(modals.filter((m) => m.kind === 'specialOffer')).toHaveLength(1);
    const page = await dashboardOf(file.reference);
    expect(page.view.specialOffer).toMatchObject({ amountMinor: 20_000 });
    expect(page.modals.find((m) => m.kind === 'specialOffer')).toMatchObject({ offer: { amountMinor: 20_000 } });
    expect(await checkoutAmount(file.fileId, 'specialOffer')).toBe(20_000);
  });
});

describe('DELETE /files/{reference}/down-payment', () => {
  const downPayment = { amountMinor: 5_000, currency: 'EUR', dueOn: dayIn(5) };

  it('cancels the pending down payment: the dashboard and the checkout no longer ask for it; the GET reads it cancelled', async () => {
    const file = await fileFor(20);
    const path = `/files/${file.reference}/down-payment`;
    const etag = (await put(path, agency.writer, downPayment)).headers.get('etag')!;
    expect((await dashboardOf(file.reference)).view.amountToPay.kind).toBe('downPayment');
    const before = await partsOf(file.fileId);
    await problemOf(await del(path), 428, 'preconditionRequired');
    await problemOf(await del(path, { 'if-match': '"4"' }), 412, 'preconditionFailed');
    await problemOf(await del(path, { 'if-match': etag }, agency.reader), 403, 'insufficientScope');
    expect(await partsOf(file.fileId)).toEqual(before);

    const cancelled = await del(path, { 'if-match': etag });
    expect(cancelled.status).toBe(204);
    expect(cancelled.headers.get('etag')).toBe('"2"');
    expect((await dashboardOf(file.reference)).view.amountToPay.kind).not.toBe('downPayment');
    expect(await checkoutAmount(file.fileId, 'downPayment')).toBeNull();
    const read = await call(path, { token: agency.reader });
    expect(read.headers.get('etag')).toBe('"2"');
    expect(await read.json()).toMatchObject({ status: 'cancelled', amountMinor: 5_000, paidAt: null });

    // A second DELETE: 204, nothing written, whatever If-Match says.
    const after = await partsOf(file.fileId);
    expect((await del(path, { 'if-match': etag })).status).toBe(204);
    expect((await del(path)).status).toBe(204);
    expect(await partsOf(file.fileId)).toEqual(after);

    // A PUT after it asks for a new one.
    const again = await put(path, agency.writer, { ...downPayment, amountMinor: 4_000 }, { 'if-match': '"2"' });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe('"3"');
    expect((await partsOf(file.fileId)).deposits).toMatchObject([
      { status: 'cancelled', amountMinor: 5_000 },
      { status: 'pending', amountMinor: 4_000 },
    ]);
    expect((await dashboardOf(file.reference)).view.amountToPay).toMatchObject({
      kind: 'downPayment',
      amountMinor: 4_000,
    });
  });

  it('never takes back one paid or being paid (409 `downPaymentTaken`, it stays); 404 without one', async () => {
    const file = await fileFor(21);
    const path = `/files/${file.reference}/down-payment`;
    await put(path, agency.writer, downPayment);
    const depositId = (await partsOf(file.fileId)).deposits[0]!.id;
    await paymentUnderWay(file, { depositId });
    const before = await partsOf(file.fileId);
    expect(await problemOf(await del(path, { 'if-match': '"1"' }), 409, 'downPaymentTaken')).toMatchObject({
      detail: expect.stringContaining('being paid'),
      downPayment: { status: 'pending' },
    });
    await agency.database.db.update(t.payments).set({ status: 'paid' }).where(eq(t.payments.depositId, depositId));
    await agency.database.db
      .update(t.deposits)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(t.deposits.id, depositId));
    const etag = (await call(path, { token: agency.reader })).headers.get('etag')!;
    expect(await problemOf(await del(path, { 'if-match': etag }), 409, 'downPaymentTaken')).toMatchObject({
      downPayment: { status: 'paid' },
    });
    expect((await partsOf(file.fileId)).deposits).toMatchObject([{ id: before.deposits[0]!.id, status: 'paid' }]);

    const bare = await fileFor(22);
    await problemOf(await del(`/files/${bare.reference}/down-payment`, { 'if-match': '"1"' }), 404, 'noDownPayment');
  });
});

describe('DELETE /files/{reference}/modals/{id}', () => {
  const notice = { kind: 'dataMisuse', orderNo: 3 };

  it('withdraws a queued modal: the debtor no longer sees it, the GET is 404, a second DELETE 204, a PUT after it a new modal', async () => {
    const file = await fileFor(30);
    const path = `/files/${file.reference}/modals/N-1`;
    const etag = (await put(path, agency.writer, notice)).headers.get('etag')!;
    const shown = (await dashboardOf(file.reference)).modals.find((m) => m.kind === 'dataMisuse')!;
    expect(shown).toBeDefined();
    const before = await partsOf(file.fileId);
    await problemOf(await del(path), 428, 'preconditionRequired');
    await problemOf(await del(path, { 'if-match': '"3"' }), 412, 'preconditionFailed');
    await problemOf(await del(path, { 'if-match': etag }, agency.reader), 403, 'insufficientScope');
    expect(await partsOf(file.fileId)).toEqual(before);

    const deleted = await del(path, { 'if-match': etag });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('etag')).toBeNull();
    expect((await dashboardOf(file.reference)).modals.find((m) => m.kind === 'dataMisuse')).toBeUndefined();
    await problemOf(await call(path, { token: agency.reader }), 404, 'notFound');
    const list = (await (await call(`/files/${file.reference}/modals`, { token: agency.reader })).json()) as {
      modals: unknown[];
    };
    expect(list.modals).toEqual([]);
    // An acknowledgement from the page shown before finds nothing to acknowledge.
    expect(await acknowledgeModal(agency.database.db, file.actor, { modal: shown.ref })).toMatchObject({ ok: false });

    // Again: 204, nothing written, whatever If-Match says; an id never put: 404.
    const after = await partsOf(file.fileId);
    expect((await del(path, { 'if-match': etag })).status).toBe(204);
    expect((await del(path)).status).toBe(204);
    expect(await partsOf(file.fileId)).toEqual(after);
    await problemOf(await del(`/files/${file.reference}/modals/N-9`, { 'if-match': '"1"' }), 404, 'notFound');

    // The id put again: a new modal (201), its version above the deleted one's.
    const again = await put(path, agency.writer, notice);
    expect(again.status).toBe(201);
    expect(again.headers.get('etag')).toBe('"3"');
    expect((await dashboardOf(file.reference)).modals.find((m) => m.kind === 'dataMisuse')).toBeDefined();
  });

  it('never withdraws an acknowledged modal (409, it stays); another file’s id is 404 and touches nothing', async () => {
    const file = await fileFor(31);
    const path = `/files/${file.reference}/modals/N-2`;
    await put(path, agency.writer, notice);
    const shown = (await dashboardOf(file.reference)).modals.find((m) => m.kind === 'dataMisuse')!;
    expect(await acknowledgeModal(agency.database.db, file.actor, { modal: shown.ref })).toMatchObject({ ok: true });
    const etag = (await call(path, { token: agency.reader })).headers.get('etag')!;
    const before = await partsOf(file.fileId);
    expect(await problemOf(await del(path, { 'if-match': etag }), 409, 'acknowledged')).toMatchObject({
      currentVersion: 2,
      modal: { id: 'N-2', response: 'acknowledged' },
    });
    expect(await partsOf(file.fileId)).toEqual(before);

    const queued = await fileFor(32);
    await put(`/files/${queued.reference}/modals/N-3`, agency.writer, notice);
    const other = await fileFor(33);
    const queuedBefore = await partsOf(queued.fileId);
    await problemOf(await del(`/files/${other.reference}/modals/N-3`, { 'if-match': '"1"' }), 404, 'notFound');
    await problemOf(await del(`/files/${other.reference}/modals/N-3`), 404, 'notFound');
    expect(await partsOf(queued.fileId)).toEqual(queuedBefore);
    expect((await call(`/files/${queued.reference}/modals/N-3`, { token: agency.reader })).status).toBe(200);
  });
});

describe('DELETE /files/{reference}/invoices/{id}', () => {
  const pdfOf = (text: string) =>
    new TextEncoder().encode(
      `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    );
  const putInvoice = (
    path: string,
    number: string,
    pdf: Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    form.set(
      'metadata',
      JSON.stringify({
        number,
        date: '2025-09-14',
        dueDate: null,
        amountMinor: 12_990,
        currency: 'EUR',
        description: 'Smartphone Z3',
      }),
    );
    form.set('pdf', new Blob([pdf], { type: 'application/pdf' }), 'invoice.pdf');
    return call(path, { method: 'PUT', token: agency.writer, headers, body: form });
  };
  const storedPdfs = (fileId: number) => documentStore().list(`agency-invoices/${fileId}/`);

  it('removes the invoice from the claim page and its PDF from the store; 428/412 write nothing; again 204; a PUT after it a new one', async () => {
    const file = await fileFor(40);
    const path = `/files/${file.reference}/invoices/INV-1`;
    const made = await putInvoice(path, 'RE-DEL-1', pdfOf('wrong file'));
    expect(made.status).toBe(201);
    const etag = made.headers.get('etag')!;
    const shown = (await claimInvoicesOf(file.reference)).find((invoice) => invoice.number === 'RE-DEL-1')!;
    expect(shown).toBeDefined();
    const link = ((await (await call(path, { token: agency.reader })).json()) as { download: { url: string } }).download
      .url;
    expect(await storedPdfs(file.fileId)).toHaveLength(1);

    const before = await partsOf(file.fileId);
    await problemOf(await del(path), 428, 'preconditionRequired');
    await problemOf(await del(path, { 'if-match': '"8"' }), 412, 'preconditionFailed');
    await problemOf(await del(path, { 'if-match': etag }, agency.reader), 403, 'insufficientScope');
    expect(await partsOf(file.fileId)).toEqual(before);
    expect(await storedPdfs(file.fileId)).toHaveLength(1);

    const deleted = await del(path, { 'if-match': etag });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('etag')).toBeNull();
    expect((await claimInvoicesOf(file.reference)).find((invoice) => invoice.number === 'RE-DEL-1')).toBeUndefined();
    expect(await storedPdfs(file.fileId)).toEqual([]);
    const { cookieFor } = demoFiles({ db: agency.database.db });
    const download = await run(
      invoiceDownload,
      getRequest(`/serviceportal/claim-information/invoices/${shown.id}`, { Cookie: await cookieFor(file.reference) }),
      { portal: 'serviceportal', invoiceId: String(shown.id) },
    );
    expect(download.status).toBe(404);
    await problemOf(await call(link), 410, 'gone');
    await problemOf(await call(path, { token: agency.reader }), 404, 'notFound');

    const after = await partsOf(file.fileId);
    expect((await del(path, { 'if-match': etag })).status).toBe(204);
    expect((await del(path)).status).toBe(204);
    expect(await partsOf(file.fileId)).toEqual(after);
    await problemOf(await del(`/files/${file.reference}/invoices/INV-9`, { 'if-match': '"1"' }), 404, 'notFound');

    const again = await putInvoice(path, 'RE-DEL-1', pdfOf('right file after all'));
    expect(again.status).toBe(201);
    expect(again.headers.get('etag')).toBe('"3"');
    expect((await claimInvoicesOf(file.reference)).map((invoice) => invoice.number)).toContain('RE-DEL-1');
  });

  it('answers another file’s invoice id 404 and touches nothing', async () => {
    const owner = await fileFor(41);
    const other = await fileFor(42);
    await putInvoice(`/files/${owner.reference}/invoices/INV-2`, 'RE-DEL-2', pdfOf('owner'));
    const before = await partsOf(owner.fileId);
    await problemOf(await del(`/files/${other.reference}/invoices/INV-2`, { 'if-match': '"1"' }), 404, 'notFound');
    expect(await partsOf(owner.fileId)).toEqual(before);
    expect(await storedPdfs(owner.fileId)).toHaveLength(1);
    expect((await claimInvoicesOf(owner.reference)).map((invoice) => invoice.number)).toContain('RE-DEL-2');
  });
});

describe('a payment started while the agency takes the part back', () => {
  /**
   * The database as `createPayment` sees it, with `before` run just before its first transaction
   * (the one that locks the file's row): the facts it read say the part is there, the DELETE has
   * gone first.
   */
  const interleaved = (before: () => Promise<void>): Database => {
    let done = false;
    const real = agency.database.db;
    return new Proxy(real, {
      get(target, property) {
        if (property === 'transaction' && !done)
          return async (...args: Parameters<Database['transaction']>) => {
            done = true;
            await before();
            return target.transaction(...args);
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };

  it.each([
    ['special-offer', 'specialOffer', { amountMinor: 20_000, currency: 'EUR', validTill: dayIn(14) }],
    ['down-payment', 'downPayment', { amountMinor: 5_000, currency: 'EUR', dueOn: dayIn(5) }],
  ] as const)('is refused under the file’s lock when the DELETE of the %s went first', async (part, purpose, body) => {
    const file = await fileFor(part === 'special-offer' ? 50 : 51);
    const path = `/files/${file.reference}/${part}`;
    expect((await put(path, agency.writer, body)).status).toBe(201);
    expect(await checkoutAmount(file.fileId, purpose)).toBe(body.amountMinor);
    const db = interleaved(async () => {
      expect((await del(path, { 'if-match': '"1"' })).status).toBe(204);
    });
    const started = await createPayment(db, {
      debtorId: file.debtorId,
      fileId: file.fileId,
      variant: variants.de,
      method: '4',
      purpose,
      idempotencyKey: randomUUID(),
      language: 'de',
      clientAddress: '203.0.113.9',
    });
    expect(started).toEqual({ ok: false, error: 'nothingToPay' });
    expect(await agency.database.db.select().from(t.payments).where(eq(t.payments.fileId, file.fileId))).toEqual([]);
  });
});
