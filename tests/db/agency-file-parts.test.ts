/**
 * The parts of a file the agency sets for its debtor (issue 29 item 1, decision 102) against a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a special offer, the requested documents
 * and modals, each put by the API and shown to the debtor as the demo files show theirs (the
 * dashboard's offer modal and amount to pay, the upload centre, the modal queue), the same body
 * again keeping the version, If-Match needed (428) and checked (412) with nothing written, what the
 * debtor did never undone (an accepted offer, an acknowledged modal, an uploaded or postponed
 * document), scopes, and hostile bodies answered as problems and never as a failure.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportLineInput } from '#server/agency/import/line.ts';
import { acknowledgeModal, pendingModals, respondToSpecialOffer } from '#server/claims/modals.ts';
import { todayIso } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { postponeRequestedDocument, uploadRequestedDocument } from '#server/documents/upload-center.ts';
import { loader as uploadCenter } from '~/routes/$portal.upload-center';
import { demoFiles, getRequest, run } from '../helpers/routes.ts';
import { expectBodiesRefused, problemOf, useAgencyTestDatabase } from '../helpers/agency-client.ts';
import { dashboardOf as debtorDashboard } from '../helpers/debtor-pages.ts';

const agency = useAgencyTestDatabase('file parts test');
const { call, put } = agency;

/** The open amount of every file made here. */
const openMinor = 24_900 + 312 + 5_480;

/** A file made by the API, with what the debtor's side needs to act on it. */
const fileFor = (n: number) => agency.putGermanFile(String(970_000_000 + n), `FP-${n}`);

/** The debtor's dashboard as the loader answers it (full login). */
const dashboardOf = (reference: string) => debtorDashboard(agency.database.db, reference);

async function uploadCenterOf(reference: string) {
  const { cookieFor } = demoFiles({ db: agency.database.db });
  const page = await run(
    uploadCenter,
    getRequest('/serviceportal/upload-center', { Cookie: await cookieFor(reference) }),
    { portal: 'serviceportal' },
  );
  expect(page.status).toBe(200);
  return (
    page.data as {
      view: {
        showUploadCenter: boolean;
        documents: Array<{
          id: number;
          templateId: string;
          category: string;
          categoryPosition: number;
          status: string;
        }>;
      };
    }
  ).view;
}

/** A day `days` from today, as the offer's last day. */
const dayIn = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000));

/** What a refused or idempotent call must leave as it was: the rows of the file's parts. */
async function partsOf(fileId: number) {
  const [offers, deposits, modals, requests] = await Promise.all([
    agency.database.db
      .select()
      .from(t.specialOffers)
      .where(eq(t.specialOffers.fileId, fileId))
      .orderBy(t.specialOffers.id),
    agency.database.db.select().from(t.deposits).where(eq(t.deposits.fileId, fileId)).orderBy(t.deposits.id),
    agency.database.db.select().from(t.modals).where(eq(t.modals.fileId, fileId)).orderBy(t.modals.id),
    agency.database.db
      .select()
      .from(t.documentRequests)
      .where(eq(t.documentRequests.fileId, fileId))
      .orderBy(t.documentRequests.id),
  ]);
  return { offers, deposits, modals, requests };
}

describe('PUT /files/{reference}/special-offer', () => {
  it('shows the offer on the debtor’s dashboard as the demo file 100000008 shows its own', async () => {
    const { reference } = await fileFor(1);
    const validTill = dayIn(14);
    const created = await put(`/files/${reference}/special-offer`, agency.writer, {
      amountMinor: 20_000,
      currency: 'EUR',
      validTill,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.headers.get('location')).toBe(`/agency/v1/files/${reference}/special-offer`);
    expect(await created.json()).toEqual({
      reference,
      amountMinor: 20_000,
      currency: 'EUR',
      validTill,
      status: 'open',
      acceptedAt: null,
      declinedAt: null,
      paidAt: null,
    });

    const page = await dashboardOf(reference);
    expect(page.view.specialOffer).toEqual({ amountMinor: 20_000, validTill, settlesMinor: openMinor });
    expect(page.view.amountToPay).toMatchObject({ kind: 'specialDeal', amountMinor: 20_000 });
    const offerModal = page.modals.find((m) => m.kind === 'specialOffer');
    expect(offerModal).toMatchObject({
      acknowledgeOnClose: false,
      offer: { amountMinor: 20_000, currency: 'EUR', validTill, settlesMinor: openMinor },
    });
    // The demo's offer modal has the same shape.
    const demo = await dashboardOf('100000008');
    const demoModal = demo.modals.find((m) => m.kind === 'specialOffer')!;
    expect(Object.keys(offerModal!).sort()).toEqual(Object.keys(demoModal).sort());
    expect(Object.keys(offerModal!.offer!).sort()).toEqual(Object.keys(demoModal.offer!).sort());

    const read = await call(`/files/${reference}/special-offer`, { token: agency.reader });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
  });

  it('answers the same body again 200 with the same ETag and writes nothing; a change needs If-Match (428, 412)', async () => {
    const { reference, fileId } = await fileFor(2);
    const body = { amountMinor: 15_000, currency: 'EUR', validTill: dayIn(10) };
    const created = await put(`/files/${reference}/special-offer`, agency.writer, body);
    const etag = created.headers.get('etag')!;
    const before = await partsOf(fileId);
    const preconditions: Array<Record<string, string>> = [{}, { 'if-match': '"77"' }, { 'if-match': etag }];
    for (const headers of preconditions) {
      const again = await put(`/files/${reference}/special-offer`, agency.writer, body, headers);
      expect(again.status).toBe(200);
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect(await partsOf(fileId)).toEqual(before);

    const changed = { ...body, amountMinor: 12_000 };
    expect(
      (
        await problemOf(
          await put(`/files/${reference}/special-offer`, agency.writer, changed),
          428,
          'preconditionRequired',
        )
      ).currentVersion,
    ).toBe(1);
    await problemOf(
      await put(`/files/${reference}/special-offer`, agency.writer, changed, { 'if-match': '"2"' }),
      412,
      'preconditionFailed',
    );
    await problemOf(
      await put(`/files/${reference}/special-offer`, agency.writer, changed, { 'if-none-match': '*' }),
      412,
      'preconditionFailed',
    );
    expect(await partsOf(fileId)).toEqual(before);

    const updated = await put(`/files/${reference}/special-offer`, agency.writer, changed, { 'if-match': etag });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).toBe('"2"');
    const after = await partsOf(fileId);
    // Changed in place: one offer, one modal, showing the new amount.
    expect(after.offers).toHaveLength(1);
    expect(after.offers[0]).toMatchObject({ amountMinor: 12_000 });
    expect(after.modals.filter((m) => m.kind === 'specialOffer')).toHaveLength(1);
    expect((await dashboardOf(reference)).view.specialOffer).toMatchObject({ amountMinor: 12_000 });
  });

  it('never undoes the debtor’s acceptance: 409 with the offer, nothing written; a declined offer is replaced by a new one', async () => {
    const accepted = await fileFor(3);
    const body = { amountMinor: 18_000, currency: 'EUR', validTill: dayIn(7) };
    const made = await put(`/files/${accepted.reference}/special-offer`, agency.writer, body);
    expect(made.status).toBe(201);
    const modal = (await pendingModals(agency.database.db, accepted.fileId)).find((m) => m.kind === 'specialOffer')!;
    const actor = { fileId: accepted.fileId, debtorId: accepted.debtorId, level: 'full' as const };
    expect(
      await respondToSpecialOffer(agency.database.db, actor, { modal: modal.ref, response: 'accept' }),
    ).toMatchObject({
      ok: true,
    });
    const read = await call(`/files/${accepted.reference}/special-offer`, { token: agency.reader });
    const etag = read.headers.get('etag')!;
    expect(etag).toBe('"2"');
    expect(await read.json()).toMatchObject({ status: 'accepted' });
    const before = await partsOf(accepted.fileId);
    const refused = await problemOf(
      await put(
        `/files/${accepted.reference}/special-offer`,
        agency.writer,
        { ...body, amountMinor: 10_000 },
        { 'if-match': etag },
      ),
      409,
      'offerTaken',
    );
    expect(refused).toMatchObject({ currentVersion: 2, offer: { status: 'accepted', amountMinor: 18_000 } });
    expect(await partsOf(accepted.fileId)).toEqual(before);
    // The same body again is still a safe retry.
    expect((await put(`/files/${accepted.reference}/special-offer`, agency.writer, body)).status).toBe(200);

    const declined = await fileFor(4);
    await put(`/files/${declined.reference}/special-offer`, agency.writer, body);
    const offered = (await pendingModals(agency.database.db, declined.fileId)).find((m) => m.kind === 'specialOffer')!;
    const declinedBy = { fileId: declined.fileId, debtorId: declined.debtorId, level: 'full' as const };
    await respondToSpecialOffer(agency.database.db, declinedBy, { modal: offered.ref, response: 'decline' });
    expect((await dashboardOf(declined.reference)).view.specialOffer).toBeNull();
    const second = { ...body, amountMinor: 16_000 };
    const etagDeclined = (
      await call(`/files/${declined.reference}/special-offer`, { token: agency.reader })
    ).headers.get('etag')!;
    const again = await put(`/files/${declined.reference}/special-offer`, agency.writer, second, {
      'if-match': etagDeclined,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'open', amountMinor: 16_000, declinedAt: null });
    const parts = await partsOf(declined.fileId);
    // The declined offer and its answered modal stay as they were; the new one has a modal of its own.
    expect(parts.offers).toHaveLength(2);
    expect(parts.offers[0]!.declinedAt).not.toBeNull();
    const offerModals = parts.modals.filter((m) => m.kind === 'specialOffer');
    expect(offerModals).toHaveLength(2);
    expect(offerModals[0]).toMatchObject({ response: 'declined' });
    expect(offerModals[0]!.acknowledgedAt).not.toBeNull();
    const page = await dashboardOf(declined.reference);
    expect(page.view.specialOffer).toMatchObject({ amountMinor: 16_000 });
    expect(page.modals.find((m) => m.kind === 'specialOffer')).toMatchObject({ ref: String(offerModals[1]!.id) });
  });

  it('refuses another currency, more than the open amount or a day passed (422 at the field); 404 for a file without an offer', async () => {
    const { reference, fileId } = await fileFor(5);
    const otherCurrency = await problemOf(
      await put(`/files/${reference}/special-offer`, agency.writer, {
        amountMinor: 100,
        currency: 'CHF',
        validTill: dayIn(3),
      }),
      422,
      'notApplicable',
    );
    expect(otherCurrency.issues).toEqual([{ path: 'currency', message: "the file's currency is EUR" }]);
    await problemOf(
      await put(`/files/${reference}/special-offer`, agency.writer, {
        amountMinor: openMinor + 1,
        currency: 'EUR',
        validTill: dayIn(3),
      }),
      422,
      'notApplicable',
    );
    await problemOf(
      await put(`/files/${reference}/special-offer`, agency.writer, {
        amountMinor: 100,
        currency: 'EUR',
        validTill: '2020-01-01',
      }),
      422,
      'notApplicable',
    );
    expect((await partsOf(fileId)).offers).toEqual([]);
    await problemOf(await call(`/files/${reference}/special-offer`, { token: agency.reader }), 404, 'noOffer');
    await problemOf(await call('/files/979999999/special-offer', { token: agency.reader }), 404, 'notFound');
    await problemOf(
      await put('/files/979999999/special-offer', agency.writer, {
        amountMinor: 100,
        currency: 'EUR',
        validTill: dayIn(3),
      }),
      404,
      'notFound',
    );
  });
});

describe('PUT /files/{reference}/down-payment', () => {
  it('asks the debtor to pay it first, with its due date, as the demo file 100000003 shows its own', async () => {
    const { reference } = await fileFor(41);
    const dueOn = dayIn(5);
    const created = await put(`/files/${reference}/down-payment`, agency.writer, {
      amountMinor: 5_000,
      currency: 'EUR',
      dueOn,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(await created.json()).toEqual({
      reference,
      amountMinor: 5_000,
      currency: 'EUR',
      dueOn,
      status: 'pending',
      paidAt: null,
    });
    // The label is status 24, the file's, as the demo file has it.
    const status = await put(`/files/${reference}/status`, agency.writer, { statusCode: '24', statusDate: todayIso() });
    expect(status.status).toBe(200);
    const page = (await dashboardOf(reference)) as unknown as {
      view: {
        amountToPay: { kind: string; amountMinor: number };
        downPaymentDueOn: string | null;
        status: { labelKey: string; date: string; tone: string };
      };
    };
    expect(page.view.amountToPay).toMatchObject({ kind: 'downPayment', amountMinor: 5_000 });
    expect(page.view.downPaymentDueOn).toBe(dueOn);
    const demo = (await dashboardOf('100000003')) as unknown as typeof page;
    expect(demo.view.amountToPay.kind).toBe('downPayment');
    expect({ labelKey: page.view.status.labelKey, tone: page.view.status.tone }).toEqual({
      labelKey: demo.view.status.labelKey,
      tone: demo.view.status.tone,
    });
    expect(page.view.status.date).toBe(dueOn);
  });

  it('keeps its version for the same body, needs If-Match to change it, and never changes one paid or being paid', async () => {
    const { reference, fileId, debtorId } = await fileFor(42);
    const body = { amountMinor: 6_000, currency: 'EUR', dueOn: dayIn(4) };
    const etag = (await put(`/files/${reference}/down-payment`, agency.writer, body)).headers.get('etag')!;
    const before = await partsOf(fileId);
    expect((await put(`/files/${reference}/down-payment`, agency.writer, body)).headers.get('etag')).toBe(etag);
    const changed = { ...body, amountMinor: 7_000 };
    await problemOf(await put(`/files/${reference}/down-payment`, agency.writer, changed), 428, 'preconditionRequired');
    await problemOf(
      await put(`/files/${reference}/down-payment`, agency.writer, changed, { 'if-match': '"5"' }),
      412,
      'preconditionFailed',
    );
    expect(await partsOf(fileId)).toEqual(before);
    const updated = await put(`/files/${reference}/down-payment`, agency.writer, changed, { 'if-match': etag });
    expect(updated.status).toBe(200);
    expect((await partsOf(fileId)).deposits).toMatchObject([{ amountMinor: 7_000, status: 'pending' }]);

    // A payment of it under way: not changed.
    const depositId = (await partsOf(fileId)).deposits[0]!.id;
    await agency.database.db.insert(t.payments).values({
      id: `pay_fp_${fileId}`,
      fileId,
      debtorId,
      variant: 'de',
      idempotencyKey: `fp-${fileId}`,
      providerId: '4',
      purpose: 'downPayment',
      amountMinor: 7_000,
      currency: 'EUR',
      status: 'pending',
      depositId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const current = updated.headers.get('etag')!;
    const paying = await problemOf(
      await put(
        `/files/${reference}/down-payment`,
        agency.writer,
        { ...changed, amountMinor: 8_000 },
        { 'if-match': current },
      ),
      409,
      'downPaymentTaken',
    );
    expect(paying).toMatchObject({ downPayment: { status: 'pending', amountMinor: 7_000 } });
    // Paid (as the booking marks it): not changed either, and the same body is still a safe retry.
    await agency.database.db.update(t.payments).set({ status: 'paid' }).where(eq(t.payments.depositId, depositId));
    await agency.database.db
      .update(t.deposits)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(t.deposits.id, depositId));
    const paid = await call(`/files/${reference}/down-payment`, { token: agency.reader });
    const paidEtag = paid.headers.get('etag')!;
    expect(await paid.json()).toMatchObject({ status: 'paid' });
    const afterPaid = await partsOf(fileId);
    await problemOf(
      await put(
        `/files/${reference}/down-payment`,
        agency.writer,
        { ...changed, amountMinor: 8_000 },
        { 'if-match': paidEtag },
      ),
      409,
      'downPaymentTaken',
    );
    expect((await put(`/files/${reference}/down-payment`, agency.writer, changed)).status).toBe(200);
    expect(await partsOf(fileId)).toEqual(afterPaid);
    await problemOf(await call('/files/979999999/down-payment', { token: agency.reader }), 404, 'notFound');
    const other = await fileFor(43);
    await problemOf(
      await call(`/files/${other.reference}/down-payment`, { token: agency.reader }),
      404,
      'noDownPayment',
    );
  });

  it('refuses another currency, more than the open amount or a day passed (422 at the field), writing nothing', async () => {
    const { reference, fileId } = await fileFor(44);
    const body = { amountMinor: 5_000, currency: 'EUR', dueOn: dayIn(5) };
    const bodies: Array<[unknown, string[]]> = [
      [{ ...body, currency: 'CHF' }, ['currency']],
      [{ ...body, amountMinor: openMinor + 1 }, ['amountMinor']],
      [{ ...body, dueOn: '2020-01-01' }, ['dueOn']],
    ];
    for (const [refused, paths] of bodies) {
      const problem = await problemOf(
        await put(`/files/${reference}/down-payment`, agency.writer, refused),
        422,
        'notApplicable',
      );
      expect(problem.issues!.map((i) => i.path)).toEqual(paths);
    }
    expect((await partsOf(fileId)).deposits).toEqual([]);
    // The same amount and day in another currency is not the same body again.
    expect((await put(`/files/${reference}/down-payment`, agency.writer, body)).status).toBe(201);
    const made = await partsOf(fileId);
    await problemOf(
      await put(`/files/${reference}/down-payment`, agency.writer, { ...body, currency: 'CHF' }),
      422,
      'notApplicable',
    );
    expect(await partsOf(fileId)).toEqual(made);
  });
});

describe('PUT /files/{reference}/requested-documents', () => {
  it('shows the documents in the upload centre and on the dashboard as the demo file 100000012 shows its own', async () => {
    const { reference } = await fileFor(11);
    const list = {
      documents: [
        { templateId: 'identityDocument' },
        { templateId: 'proofOfIncome' },
        { templateId: 'paymentReceipt' },
      ],
    };
    // Nothing asked for yet: no If-Match needed, always 200.
    const response = await put(`/files/${reference}/requested-documents`, agency.writer, list);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      reference,
      documents: [
        { templateId: 'identityDocument', category: 'identity', position: 1, status: 'requested', uploadIds: [] },
        { templateId: 'proofOfIncome', category: 'income', position: 2, status: 'requested', uploadIds: [] },
        { templateId: 'paymentReceipt', category: 'payments', position: 3, status: 'requested', uploadIds: [] },
      ],
    });
    const shown = await uploadCenterOf(reference);
    const demo = await uploadCenterOf('100000012');
    const seen = (view: typeof shown) =>
      view.documents.map(({ templateId, category, categoryPosition, status }) => ({
        templateId,
        category,
        categoryPosition,
        status,
      }));
    expect(shown.showUploadCenter).toBe(true);
    expect(seen(shown)).toEqual(seen(demo));
    expect((await dashboardOf(reference)).outstandingDocuments).toBe(3);
    expect((await dashboardOf('100000012')).outstandingDocuments).toBe(3);
  });

  it('stays in the upload centre while a document is missing, even after a whole-file PUT that leaves showUploadCenter false', async () => {
    const { reference, fileId, debtorId } = await fileFor(14);
    await put(`/files/${reference}/requested-documents`, agency.writer, {
      documents: [{ templateId: 'identityDocument' }],
    });
    // The agency puts the whole file again from its own line, which has the flag's default (false).
    const read = await call(`/files/${reference}`, { token: agency.reader });
    const line = { ...((await read.json()) as ImportLineInput), showUploadCenter: false };
    const rewritten = await put(`/files/${reference}`, agency.writer, line, { 'if-match': read.headers.get('etag')! });
    expect(rewritten.status).toBe(200);
    expect(
      (await call(`/files/${reference}`, { token: agency.reader }).then((r) => r.json())) as ImportLineInput,
    ).toMatchObject({
      showUploadCenter: false,
    });
    expect((await uploadCenterOf(reference)).showUploadCenter).toBe(true);
    expect((await dashboardOf(reference)).outstandingDocuments).toBe(1);

    // Sent: nothing is missing any more, and the file's own flag (false) holds again.
    const [request] = (await partsOf(fileId)).requests;
    const [upload] = await agency.database.db
      .insert(t.uploads)
      .values({
        fileId,
        context: 'documentRequest',
        originalName: 'ausweis.pdf',
        mediaType: 'application/pdf',
        sizeBytes: 1_000,
        storageKey: `test/${fileId}/ausweis.pdf`,
        sha256: 'b'.repeat(64),
      })
      .returning({ id: t.uploads.id });
    const ctx = { fileId, debtorId, language: 'de' };
    expect(
      await uploadRequestedDocument(agency.database.db, ctx, { requestId: request!.id, uploadIds: [upload!.id] }),
    ).toMatchObject({ ok: true });
    expect((await uploadCenterOf(reference)).showUploadCenter).toBe(false);
    expect((await dashboardOf(reference)).outstandingDocuments).toBe(0);
  });

  it('keeps what the debtor uploaded or postponed; the same list again is 200 with the same ETag; If-Match 428/412 with nothing written', async () => {
    const { reference, fileId, debtorId } = await fileFor(12);
    const first = await put(`/files/${reference}/requested-documents`, agency.writer, {
      documents: [{ templateId: 'identityDocument' }, { templateId: 'proofOfIncome' }],
    });
    const etag = first.headers.get('etag')!;
    const same = await put(`/files/${reference}/requested-documents`, agency.writer, {
      documents: [{ templateId: 'identityDocument' }, { templateId: 'proofOfIncome' }],
    });
    expect(same.status).toBe(200);
    expect(same.headers.get('etag')).toBe(etag);

    // The debtor postpones one and uploads the other.
    const rows = (await partsOf(fileId)).requests;
    const identity = rows.find((r) => r.templateId === 'identityDocument')!;
    const income = rows.find((r) => r.templateId === 'proofOfIncome')!;
    const ctx = { fileId, debtorId, language: 'de' };
    expect(await postponeRequestedDocument(agency.database.db, ctx, { requestId: identity.id })).toMatchObject({
      ok: true,
    });
    const [upload] = await agency.database.db
      .insert(t.uploads)
      .values({
        fileId,
        context: 'documentRequest',
        originalName: 'payslip.pdf',
        mediaType: 'application/pdf',
        sizeBytes: 1_000,
        storageKey: `test/${fileId}/payslip.pdf`,
        sha256: 'a'.repeat(64),
      })
      .returning({ id: t.uploads.id });
    expect(
      await uploadRequestedDocument(agency.database.db, ctx, { requestId: income.id, uploadIds: [upload!.id] }),
    ).toMatchObject({ ok: true });

    // What the agency read before is stale now: 412, and 428 without If-Match; nothing written.
    const withdrawAll = { documents: [{ templateId: 'paymentReceipt' }] };
    const before = await partsOf(fileId);
    await problemOf(
      await put(`/files/${reference}/requested-documents`, agency.writer, withdrawAll),
      428,
      'preconditionRequired',
    );
    await problemOf(
      await put(`/files/${reference}/requested-documents`, agency.writer, withdrawAll, { 'if-match': etag }),
      412,
      'preconditionFailed',
    );
    expect(await partsOf(fileId)).toEqual(before);

    const read = await call(`/files/${reference}/requested-documents`, { token: agency.reader });
    const current = read.headers.get('etag')!;
    expect(current).not.toBe(etag);
    expect(await read.json()).toMatchObject({
      documents: [
        { templateId: 'identityDocument', status: 'postponed', uploadIds: [] },
        { templateId: 'proofOfIncome', status: 'uploaded', uploadIds: [upload!.id] },
      ],
    });
    // Listed again in another order, and one more: statuses and uploads stay.
    const reordered = await put(
      `/files/${reference}/requested-documents`,
      agency.writer,
      {
        documents: [
          { templateId: 'paymentReceipt' },
          { templateId: 'proofOfIncome' },
          { templateId: 'identityDocument' },
        ],
      },
      { 'if-match': current },
    );
    expect(reordered.status).toBe(200);
    expect(await reordered.json()).toMatchObject({
      documents: [
        { templateId: 'paymentReceipt', position: 1, status: 'requested' },
        { templateId: 'proofOfIncome', position: 2, status: 'uploaded', uploadIds: [upload!.id] },
        { templateId: 'identityDocument', position: 3, status: 'postponed' },
      ],
    });
    // Left out: the postponed and the requested ones are no longer asked for; the uploaded one stays.
    const narrowed = await put(
      `/files/${reference}/requested-documents`,
      agency.writer,
      { documents: [] },
      { 'if-match': reordered.headers.get('etag')! },
    );
    expect(narrowed.status).toBe(200);
    expect(await narrowed.json()).toMatchObject({
      documents: [{ templateId: 'proofOfIncome', status: 'uploaded', uploadIds: [upload!.id] }],
    });
    const view = await uploadCenterOf(reference);
    expect(view.documents.map((d) => [d.templateId, d.status])).toEqual([['proofOfIncome', 'Uploaded']]);
    expect((await dashboardOf(reference)).outstandingDocuments).toBe(0);
  });
});

describe('PUT /files/{reference}/modals/{id}', () => {
  it('queues a notice shown on the debtor’s dashboard by orderNo, as the demo file 100000013 shows its own', async () => {
    const { reference } = await fileFor(21);
    const created = await put(`/files/${reference}/modals/N-1`, agency.writer, { kind: 'redirectNotice', orderNo: 5 });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.headers.get('location')).toBe(`/agency/v1/files/${reference}/modals/N-1`);
    expect(await created.json()).toEqual({
      id: 'N-1',
      reference,
      kind: 'redirectNotice',
      orderNo: 5,
      acknowledgedAt: null,
      response: null,
    });
    await put(`/files/${reference}/modals/N-0`, agency.writer, { kind: 'deliveryCosts', orderNo: 2 });
    const page = await dashboardOf(reference);
    expect(page.modals.map((m) => [m.kind, m.orderNo])).toEqual([
      ['deliveryCosts', 2],
      ['redirectNotice', 5],
    ]);
    const demo = await dashboardOf('100000013');
    const demoNotice = demo.modals.find((m) => m.kind === 'redirectNotice')!;
    expect(page.modals[1]).toEqual({ ...demoNotice, ref: page.modals[1]!.ref, orderNo: 5 });
    const list = await call(`/files/${reference}/modals`, { token: agency.reader });
    expect(((await list.json()) as { modals: Array<{ id: string }> }).modals.map((m) => m.id)).toEqual(['N-0', 'N-1']);
  });

  it('never resets an acknowledged modal (409, nothing written); the same body again is 200; If-Match 428/412', async () => {
    const { reference, fileId, debtorId } = await fileFor(22);
    const body = { kind: 'dataMisuse', orderNo: 3 };
    const etag = (await put(`/files/${reference}/modals/M-7`, agency.writer, body)).headers.get('etag')!;
    const before = await partsOf(fileId);
    expect((await put(`/files/${reference}/modals/M-7`, agency.writer, body)).headers.get('etag')).toBe(etag);
    await problemOf(
      await put(`/files/${reference}/modals/M-7`, agency.writer, { ...body, orderNo: 4 }),
      428,
      'preconditionRequired',
    );
    await problemOf(
      await put(`/files/${reference}/modals/M-7`, agency.writer, { ...body, orderNo: 4 }, { 'if-match': '"9"' }),
      412,
      'preconditionFailed',
    );
    expect(await partsOf(fileId)).toEqual(before);

    const shown = (await dashboardOf(reference)).modals.find((m) => m.kind === 'dataMisuse')!;
    const actor = { fileId, debtorId, level: 'full' as const };
    expect(await acknowledgeModal(agency.database.db, actor, { modal: shown.ref })).toMatchObject({ ok: true });
    expect((await dashboardOf(reference)).modals).toEqual([]);
    const read = await call(`/files/${reference}/modals/M-7`, { token: agency.reader });
    const current = read.headers.get('etag')!;
    expect(current).toBe('"2"');
    expect(await read.json()).toMatchObject({ response: 'acknowledged' });
    const acknowledged = await partsOf(fileId);
    const refused = await problemOf(
      await put(`/files/${reference}/modals/M-7`, agency.writer, { ...body, orderNo: 4 }, { 'if-match': current }),
      409,
      'acknowledged',
    );
    expect(refused).toMatchObject({ currentVersion: 2, modal: { id: 'M-7', response: 'acknowledged' } });
    expect((await put(`/files/${reference}/modals/M-7`, agency.writer, body)).status).toBe(200);
    expect(await partsOf(fileId)).toEqual(acknowledged);
    expect((await dashboardOf(reference)).modals).toEqual([]);
    // A new id shows it again.
    expect((await put(`/files/${reference}/modals/M-8`, agency.writer, body)).status).toBe(201);
    expect((await dashboardOf(reference)).modals.map((m) => m.kind)).toEqual(['dataMisuse']);
  });

  it('keeps one file’s modals from another’s: the same id on two files is two modals', async () => {
    const a = await fileFor(23);
    const b = await fileFor(24);
    expect(
      (await put(`/files/${a.reference}/modals/X`, agency.writer, { kind: 'redirectNotice', orderNo: 1 })).status,
    ).toBe(201);
    expect(
      (await put(`/files/${b.reference}/modals/X`, agency.writer, { kind: 'dataMisuse', orderNo: 1 })).status,
    ).toBe(201);
    expect(await (await call(`/files/${a.reference}/modals/X`, { token: agency.reader })).json()).toMatchObject({
      kind: 'redirectNotice',
    });
    expect((await call(`/files/${a.reference}/modals/Y`, { token: agency.reader })).status).toBe(404);
  });
});

describe('scopes, unknown files and hostile bodies', () => {
  const paths = ['/special-offer', '/down-payment', '/requested-documents', '/modals/H-1'];

  it('needs a token (401), the scope (403) and a file (404)', async () => {
    const { reference } = await fileFor(31);
    for (const part of paths) {
      const path = `/files/${reference}${part}`;
      await problemOf(await call(path), 401, 'unauthorized');
      await problemOf(await put(path, agency.reader, {}), 403, 'insufficientScope');
      await problemOf(await call(path, { token: agency.writeOnly }), 403, 'insufficientScope');
      await problemOf(await call(`/files/979999998${part}`, { token: agency.reader }), 404, 'notFound');
    }
    await problemOf(await call(`/files/${reference}/modals`, { token: agency.writeOnly }), 403, 'insufficientScope');
    await problemOf(
      await put('/files/979999998/requested-documents', agency.writer, { documents: [] }),
      404,
      'notFound',
    );
    await problemOf(
      await put('/files/979999998/modals/H-1', agency.writer, { kind: 'dataMisuse', orderNo: 1 }),
      404,
      'notFound',
    );
  });

  it('answers malformed, unknown, hostile and NUL bodies as problems and writes nothing', async () => {
    const { reference, fileId } = await fileFor(32);
    const offer = { amountMinor: 100, currency: 'EUR', validTill: dayIn(3) };
    const bodies: Record<string, unknown> = {
      '/special-offer': offer,
      '/down-payment': { amountMinor: 100, currency: 'EUR', dueOn: dayIn(3) },
      '/requested-documents': { documents: [{ templateId: 'identityDocument' }] },
      '/modals/H-1': { kind: 'dataMisuse', orderNo: 1 },
    };
    for (const part of paths) {
      const path = `/files/${reference}${part}`;
      const good = bodies[part] as Record<string, unknown>;
      const hostile: Array<[string, string]> = [
        ['malformed JSON', '{"amountMinor": '],
        ['empty', ''],
        ['null', 'null'],
        ['array', JSON.stringify([good])],
        ['unknown field', JSON.stringify({ ...good, passwordHash: 'x' })],
        ['prototype keys', JSON.stringify(good).replace('{', '{"__proto__":{"polluted":true},')],
        ['NUL', JSON.stringify({ ...good, kind: 'a\u0000b', templateId: 'a\u0000b' })],
        ['escaped NUL', JSON.stringify(good).replace('{', '{"x":"\\u0000",')],
        ['half a surrogate pair', JSON.stringify(good).replace('{', '{"x":"\\ud800",')],
        ['deep nesting', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
        [
          'hostile strings',
          JSON.stringify({
            kind: "'; drop table modals; --",
            orderNo: 1,
            documents: [{ templateId: '<script>' }],
            amountMinor: '1e999',
            currency: 'EUR',
            validTill: '2026-02-30',
            dueOn: '2026-02-30',
          }),
        ],
        ['huge numbers', JSON.stringify({ ...good, amountMinor: 1e300, orderNo: 1e300 })],
        ['fraction', JSON.stringify({ ...good, amountMinor: 1.5, orderNo: 1.5 })],
        ['negative', JSON.stringify({ ...good, amountMinor: -1, orderNo: -1 })],
        ['too long', JSON.stringify({ ...good, x: 'x'.repeat(200_000) })],
        [
          'twice the same document',
          JSON.stringify({ documents: [{ templateId: 'proofOfIncome' }, { templateId: 'proofOfIncome' }] }),
        ],
        ['a kind the agency does not queue', JSON.stringify({ kind: 'specialOffer', orderNo: 1 })],
      ];
      await expectBodiesRefused(put, path, agency.writer, hostile, good);
    }
    expect(await partsOf(fileId)).toEqual({ offers: [], deposits: [], modals: [], requests: [] });
    // Ids that are none match no operation.
    for (const id of ['%00', 'a'.repeat(65), '..%2F..', 'x%20y'])
      expect((await put(`/files/${reference}/modals/${id}`, agency.writer, bodies['/modals/H-1'])).status).toBe(404);
    const [audited] = await agency.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.actor, 'agency'), eq(t.auditLog.action, 'agency.putModal')));
    expect(audited!.n).toBeGreaterThan(0);
  });
});
