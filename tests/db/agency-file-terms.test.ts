/**
 * A file's own terms (decision 103) against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the payment methods per purpose and the instalment terms the agency puts,
 * seen where the debtor chooses (the pay-direct page and the payment it starts, the instalment
 * checkout, pay later, the assistant's figures), never wider than the variant (422), applied to new
 * choices only (a payment under way is booked, a plan agreed keeps its method, rows and fee),
 * versioned as the other parts (the same body again, 428 and 412 with nothing written), scopes, and
 * hostile bodies answered as problems.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTools, type ToolResult } from '#server/assistant/tools/index.ts';
import { todayForVariant } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { loadFileContext } from '#server/instalments/context.ts';
import { deferralOffer, grantDeferral } from '#server/instalments/deferral.ts';
import { agreePlan, planOffer } from '#server/instalments/plans.ts';
import { allowedPurposes } from '#server/payments/allowed-methods.ts';
import { receiveWebhook, sandboxProvider } from '#server/payments/service/provider.ts';
import { variants } from '#server/variants/config.ts';
import { action as payDirect, loader as payDirectPage } from '~/routes/$portal.checkout.pay-direct';
import {
  action as payInstalments,
  loader as payInstalmentsPage,
} from '~/routes/$portal.checkout.pay-installments/route';
import { loader as payLaterPage } from '~/routes/$portal.checkout.pay-later';
import { demoFiles, formRequest, getRequest, run } from '../helpers/routes.ts';
import { expectBodiesRefused, germanFileLine, problemOf, useAgencyTestDatabase } from '../helpers/agency-client.ts';

const agency = useAgencyTestDatabase('file terms test');
const { call, put } = agency;

const de = { portal: 'serviceportal' };
const today = todayForVariant('de');

/** A German file of its own (reference 971000000 + n, 306.92 EUR open), and the debtor's session cookie for it. */
async function fileFor(n: number) {
  const line = germanFileLine(String(971_000_000 + n), `FT-${n}`);
  expect((await put(`/files/${line.reference}`, agency.writer, line)).status).toBe(201);
  const [row] = await agency.database.db
    .select({ id: t.files.id, debtorId: t.files.debtorId })
    .from(t.files)
    .where(eq(t.files.refno, line.reference));
  const { cookieFor } = demoFiles({ db: agency.database.db });
  return {
    reference: line.reference,
    fileId: row!.id,
    debtorId: row!.debtorId,
    cookie: await cookieFor(line.reference),
  };
}

type File = Awaited<ReturnType<typeof fileFor>>;

async function storedTerms(fileId: number) {
  const [row] = await agency.database.db
    .select({ paymentMethods: t.files.paymentMethods, instalmentTerms: t.files.instalmentTerms })
    .from(t.files)
    .where(eq(t.files.id, fileId));
  return row!;
}

/** The method keys the debtor's pay-direct page offers for a query (`''` the open amount, `?partial=true`). */
async function payDirectMethods(file: File, query = '') {
  const page = await run(
    payDirectPage,
    getRequest(`/serviceportal/checkout/pay-direct${query}`, { Cookie: file.cookie }),
    de,
  );
  expect(page.status).toBe(200);
  return (page.data as { methods: Array<{ key: string }> }).methods.map((m) => m.key);
}

/** The pay-direct form sent for the open amount with a method. */
function pay(file: File, method: string, idempotencyKey: string = crypto.randomUUID()) {
  return run(
    payDirect,
    formRequest(
      '/serviceportal/checkout/pay-direct',
      { intent: 'pay', method, idempotencyKey },
      { Cookie: file.cookie },
    ),
    de,
  );
}

/** The instalment checkout's amount step: the limits and costs it offers. */
async function instalmentStep(file: File) {
  const page = await run(
    payInstalmentsPage,
    getRequest('/serviceportal/checkout/pay-installments?step=amount', { Cookie: file.cookie }),
    de,
  );
  expect(page.status).toBe(200);
  return page.data as {
    view: string;
    methods: string[];
    limits: { absoluteMinMinor: number; regularMinMinor: number; maxMinor: number };
    costs: { feeMinor: number; totalMinor: number };
  };
}

/** The assistant's pay_instalments tool for the file's session. */
async function assistantPlan(file: File, input: object) {
  const tools = createTools({
    db: agency.database.db,
    session: { fileId: file.fileId, debtorId: file.debtorId, level: 'full' },
    variant: variants.de,
    language: 'de',
    today,
  }) as unknown as Record<string, { execute: (input: object, options: object) => Promise<ToolResult> }>;
  return tools.pay_instalments!.execute(input, { toolCallId: 'test', messages: [] });
}

/** A plan of the file agreed by transfer (6) from the earliest first day, as the checkout agrees one. */
async function agreeByTransfer(file: File, monthlyMinor: number) {
  const ctx = await contextOf(file);
  return agreePlan(
    agency.database.db,
    file,
    { monthlyMinor, firstDueOn: planOffer(ctx).firstDue.earliest, method: '6' },
    { clientAddress: '203.0.113.9', language: 'de' },
  );
}

const contextOf = async (file: File) =>
  (await loadFileContext(agency.database.db, { fileId: file.fileId, debtorId: file.debtorId }, today))!;

describe('GET/PUT /files/{reference}/payment-methods', () => {
  it('answers the variant’s defaults, marked as such, for a file without a list of its own', async () => {
    const file = await fileFor(1);
    const response = await call(`/files/${file.reference}/payment-methods`, { token: agency.reader });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    const body = (await response.json()) as {
      defaults: boolean;
      purposes: Record<string, { methods: string[]; set: string[] | null; variantDefaults: string[] }>;
    };
    expect(body).toMatchObject({ reference: file.reference, variant: 'de', currency: 'EUR', defaults: true });
    expect(body.purposes.normal).toEqual({
      methods: ['1', '2', '4', '5', '6', '9', '11'],
      set: null,
      variantDefaults: ['1', '2', '4', '5', '6', '9', '11'],
    });
    expect(body.purposes.instalmentPlan).toEqual({
      methods: ['3', '6', '7', '8'],
      set: null,
      variantDefaults: ['3', '6', '7', '8'],
    });
    expect(Object.keys(body.purposes)).toEqual(allowedPurposes);
  });

  it('takes a method away from the debtor’s choices for that purpose only, and the payment route refuses it', async () => {
    const file = await fileFor(2);
    expect(await payDirectMethods(file)).toEqual(['1', '2', '4', '5', '6', '9', '11']);
    const response = await put(`/files/${file.reference}/payment-methods`, agency.writer, { normal: ['6', '4'] });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      defaults: boolean;
      purposes: Record<string, { methods: string[]; set: string[] | null }>;
    };
    expect(body.defaults).toBe(false);
    // The variant's order, the agency's list as it was sent.
    expect(body.purposes.normal).toMatchObject({ methods: ['4', '6'], set: ['6', '4'] });
    expect(body.purposes.partialPayment).toMatchObject({ methods: ['1', '2', '4', '5', '6', '9', '11'], set: null });

    expect(await payDirectMethods(file)).toEqual(['4', '6']);
    // Another purpose keeps the variant's methods.
    expect(await payDirectMethods(file, '?partial=true')).toEqual(['1', '2', '4', '5', '6', '9', '11']);
    const refused = await pay(file, '2');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('errors.notAvailable');
    const payments = await agency.database.db.select().from(t.payments).where(eq(t.payments.fileId, file.fileId));
    expect(payments).toEqual([]);
    const allowed = await pay(file, '6');
    expect(allowed.status).toBe(302);
    const [started] = await agency.database.db.select().from(t.payments).where(eq(t.payments.fileId, file.fileId));
    expect(started).toMatchObject({ providerId: '6', purpose: 'openAmount', status: 'pending' });
  });

  it('leaves a payment under way alone: the same form again answers it, and it is booked when the money comes', async () => {
    const file = await fileFor(3);
    const key = crypto.randomUUID();
    const first = await pay(file, '2', key);
    expect(first.status).toBe(302);
    const [payment] = await agency.database.db.select().from(t.payments).where(eq(t.payments.fileId, file.fileId));
    expect(payment).toMatchObject({ providerId: '2', status: 'pending' });

    expect((await put(`/files/${file.reference}/payment-methods`, agency.writer, { normal: ['6'] })).status).toBe(200);
    // A new choice of method 2 is refused; the form of the payment under way, sent again, is answered with it.
    expect((await pay(file, '2')).status).toBe(400);
    const again = await pay(file, '2', key);
    expect(again.status).toBe(302);
    expect(again.headers.get('Location')).toBe(first.headers.get('Location'));
    // The provider confirms it: it is booked as any payment.
    const provider = sandboxProvider(agency.database.db)!;
    const decided = await provider.decide(payment!.providerReference!, 'approve');
    if (!decided.ok) throw new Error('not decided');
    const hook = provider.webhookFor(decided.session);
    expect(await receiveWebhook(agency.database.db, hook.rawBody, hook.headers)).toMatchObject({ status: 200 });
    const [booked] = await agency.database.db.select().from(t.payments).where(eq(t.payments.id, payment!.id));
    expect(booked!.status).toBe('paid');
    const made = await agency.database.db
      .select()
      .from(t.paymentsMade)
      .where(eq(t.paymentsMade.reference, payment!.id));
    expect(made).toHaveLength(1);
  });

  it('narrows the methods of a new plan and of pay later, on the page and in the server, and keeps a plan agreed as it is', async () => {
    const file = await fileFor(4);
    const ctx = await contextOf(file);
    expect((await instalmentStep(file)).methods).toEqual(['3', '6', 'online']);
    // A plan agreed by transfer before the agency narrows the plan's methods to direct debit.
    const agreed = await agreeByTransfer(file, 50_00);
    if (!agreed.ok) throw new Error(`not agreed: ${agreed.error}`);
    const rowsBefore = await agency.database.db
      .select()
      .from(t.instalmentRows)
      .where(eq(t.instalmentRows.planId, agreed.planId));

    const narrowed = await put(`/files/${file.reference}/payment-methods`, agency.writer, {
      instalmentPlan: ['3'],
      extension: ['3'],
    });
    expect(narrowed.status).toBe(200);
    const [plan] = await agency.database.db
      .select()
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.id, agreed.planId));
    expect(plan).toMatchObject({ status: 'active', providerId: '6', isSepa: false });
    expect(
      await agency.database.db.select().from(t.instalmentRows).where(eq(t.instalmentRows.planId, agreed.planId)),
    ).toEqual(rowsBefore);

    // Another file, no plan yet: the plan's method step and pay later offer direct debit only.
    const other = await fileFor(5);
    expect(
      (
        await put(`/files/${other.reference}/payment-methods`, agency.writer, {
          instalmentPlan: ['3'],
          extension: ['3'],
        })
      ).status,
    ).toBe(200);
    expect((await instalmentStep(other)).methods).toEqual(['3', 'online']);
    const later = await run(
      payLaterPage,
      getRequest('/serviceportal/checkout/pay-later', { Cookie: other.cookie }),
      de,
    );
    expect(later.data).toMatchObject({ view: 'flow', methods: ['3'], sepaOffered: true });
    const step = await run(
      payInstalments,
      formRequest(
        `/serviceportal/checkout/pay-installments?step=method&monthly=5000&first=${planOffer(ctx).firstDue.earliest}`,
        { intent: 'method', method: '6', agree: 'on' },
        { Cookie: other.cookie },
      ),
      de,
    );
    expect(step.status).toBe(400);
    expect(JSON.stringify(step.data)).toContain('errors.methodUnavailable');
    // The server refuses it too, whatever door asks.
    const refused = await agreeByTransfer(other, 50_00);
    expect(refused).toEqual({ ok: false, error: 'methodUnavailable' });
    expect(
      await grantDeferral(
        agency.database.db,
        other,
        { noticeDays: 30, method: '6', feeAgreed: true },
        { clientAddress: '203.0.113.9', language: 'de' },
      ),
    ).toEqual({ ok: false, error: 'methodUnavailable' });
    expect(await agency.database.db.select().from(t.deferrals).where(eq(t.deferrals.fileId, other.fileId))).toEqual([]);
    expect(
      await agency.database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, other.fileId)),
    ).toEqual([]);
  });

  it('refuses a method the variant does not have or does not allow for the purpose with 422 at its path, writing nothing', async () => {
    const file = await fileFor(6);
    const bodies: Array<[unknown, string[]]> = [
      [{ normal: ['6', 'twint'] }, ['normal.1']],
      [{ normal: ['3'] }, ['normal.0']],
      [{ instalmentPlan: ['4'], extension: ['bitcoin'] }, ['instalmentPlan.0', 'extension.0']],
    ];
    for (const [body, paths] of bodies) {
      const problem = await problemOf(
        await put(`/files/${file.reference}/payment-methods`, agency.writer, body),
        422,
        'notApplicable',
      );
      expect(problem.issues!.map((i) => i.path)).toEqual(paths);
    }
    expect(await storedTerms(file.fileId)).toEqual({ paymentMethods: null, instalmentTerms: null });
    expect(await payDirectMethods(file)).toEqual(['1', '2', '4', '5', '6', '9', '11']);
  });
});

describe('GET/PUT /files/{reference}/instalment-terms', () => {
  it('answers the variant’s terms, marked as such, for a file without terms of its own', async () => {
    const file = await fileFor(11);
    const response = await call(`/files/${file.reference}/instalment-terms`, { token: agency.reader });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      defaults: boolean;
      set: unknown;
      effective: unknown;
      variantDefaults: unknown;
    };
    expect(body).toMatchObject({
      reference: file.reference,
      variant: 'de',
      currency: 'EUR',
      defaults: true,
      set: null,
    });
    expect(body.effective).toEqual(body.variantDefaults);
    expect(body.variantDefaults).toMatchObject({
      maxMonths: 24,
      proofMaxMonths: 48,
      minMonthlyMinor: 25_00,
      proofMinMonthlyMinor: 10_00,
      instalmentFee: { kind: 'statutoryTable', factorPermille: 700, basisPercent: 50 },
      settlementFee: { kind: 'statutoryTable' },
    });
  });

  it('shortens the plan in the checkout and in the assistant’s figures, and a waived fee is 0 in the plan agreed', async () => {
    const file = await fileFor(12);
    const before = await instalmentStep(file);
    expect(before.costs).toMatchObject({ feeMinor: 36_05, totalMinor: 30_692 + 36_05 });
    expect(before.limits).toMatchObject({ absoluteMinMinor: 10_00, regularMinMinor: 25_00 });
    expect(await assistantPlan(file, { count: 12 })).toMatchObject({ kind: 'proposal', count: 12, feeMinor: 36_05 });

    const response = await put(`/files/${file.reference}/instalment-terms`, agency.writer, {
      currency: 'EUR',
      maxMonths: 6,
      waiveInstalmentFee: true,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { defaults: boolean; set: unknown; effective: Record<string, unknown> };
    expect(body.defaults).toBe(false);
    expect(body.set).toEqual({
      maxMonths: 6,
      minMonthlyMinor: null,
      waiveInstalmentFee: true,
      waiveSettlementFee: false,
    });
    expect(body.effective).toMatchObject({ maxMonths: 6, proofMaxMonths: 6, instalmentFee: { kind: 'none' } });
    expect(body.effective.settlementFee).toMatchObject({ kind: 'statutoryTable' });

    // 306.92 without a fee over at most six months: at least 52 a month, with or without proof of income.
    const after = await instalmentStep(file);
    expect(after.costs).toMatchObject({ feeMinor: 0, totalMinor: 30_692 });
    expect(after.limits).toMatchObject({ absoluteMinMinor: 52_00, regularMinMinor: 52_00 });
    expect(await assistantPlan(file, { count: 12 })).toMatchObject({
      kind: 'refused',
      reason: 'rateTooLow',
      params: { amountMinor: 52_00, currency: 'EUR' },
    });
    expect(await assistantPlan(file, { rate: 60 })).toMatchObject({
      kind: 'proposal',
      count: 6,
      feeMinor: 0,
      totalMinor: 30_692,
    });

    // The plan agreed under these terms has no fee, and none is charged to the file.
    const agreed = await agreeByTransfer(file, 60_00);
    if (!agreed.ok) throw new Error(`not agreed: ${agreed.error}`);
    const [plan] = await agency.database.db
      .select()
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.id, agreed.planId));
    expect(plan).toMatchObject({ feeMinor: 0, vatMinor: 0, totalMinor: 30_692, instalmentCount: 6 });
    const costs = await agency.database.db
      .select()
      .from(t.collectionCosts)
      .where(eq(t.collectionCosts.fileId, file.fileId));
    expect(costs.filter((c) => c.kind === 'instalmentFee')).toEqual([]);
  });

  it('waives the settlement fee of pay later', async () => {
    const file = await fileFor(13);
    expect(deferralOffer(await contextOf(file)).terms.feeMinor).toBe(36_05);
    const page = async () =>
      (await run(payLaterPage, getRequest('/serviceportal/checkout/pay-later', { Cookie: file.cookie }), de)).data;
    expect(await page()).toMatchObject({ view: 'flow', feeApplies: true });
    const response = await put(`/files/${file.reference}/instalment-terms`, agency.writer, {
      currency: 'EUR',
      waiveSettlementFee: true,
    });
    expect(response.status).toBe(200);
    expect(deferralOffer(await contextOf(file)).terms).toMatchObject({ feeMinor: 0, vatMinor: 0, totalMinor: 30_692 });
    expect(await page()).toMatchObject({ view: 'flow', feeApplies: false, terms: { feeMinor: 0 } });
    // The instalment fee stays the variant's.
    expect(planOffer(await contextOf(file)).costs.feeMinor).toBe(36_05);
  });

  it('raises the lowest monthly amount and keeps a plan agreed before as it was agreed', async () => {
    const file = await fileFor(14);
    const agreed = await agreeByTransfer(file, 25_00);
    if (!agreed.ok) throw new Error(`not agreed: ${agreed.error}`);
    const planBefore = await agency.database.db
      .select()
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.id, agreed.planId));
    const rowsBefore = await agency.database.db
      .select()
      .from(t.instalmentRows)
      .where(eq(t.instalmentRows.planId, agreed.planId));
    expect(planBefore[0]).toMatchObject({ monthlyMinor: 25_00, feeMinor: 36_05, instalmentCount: 14 });

    const response = await put(`/files/${file.reference}/instalment-terms`, agency.writer, {
      currency: 'EUR',
      maxMonths: 12,
      minMonthlyMinor: 100_00,
      waiveInstalmentFee: true,
    });
    expect(response.status).toBe(200);
    // The open amount now holds the fee the plan charged (342.97): over twelve months 29 a month,
    // raised to the file's floor, with or without proof of income.
    expect(planOffer(await contextOf(file)).limits).toMatchObject({
      absoluteMinMinor: 100_00,
      regularMinMinor: 100_00,
    });
    expect(
      await agency.database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.id, agreed.planId)),
    ).toEqual(planBefore);
    expect(
      await agency.database.db.select().from(t.instalmentRows).where(eq(t.instalmentRows.planId, agreed.planId)),
    ).toEqual(rowsBefore);
  });

  it('refuses terms wider than the variant’s or in another currency with 422 at the field, writing nothing', async () => {
    const file = await fileFor(15);
    const bodies: Array<[unknown, string[]]> = [
      [{ currency: 'EUR', maxMonths: 49 }, ['maxMonths']],
      [{ currency: 'EUR', maxMonths: 1 }, ['maxMonths']],
      [{ currency: 'EUR', minMonthlyMinor: 9_99 }, ['minMonthlyMinor']],
      [{ currency: 'EUR', maxMonths: 60, minMonthlyMinor: 1 }, ['maxMonths', 'minMonthlyMinor']],
      [{ currency: 'SEK', maxMonths: 12 }, ['currency']],
    ];
    for (const [body, paths] of bodies) {
      const problem = await problemOf(
        await put(`/files/${file.reference}/instalment-terms`, agency.writer, body),
        422,
        'notApplicable',
      );
      expect(problem.issues!.map((i) => i.path)).toEqual(paths);
    }
    expect(await storedTerms(file.fileId)).toEqual({ paymentMethods: null, instalmentTerms: null });
  });
});

describe('versions, scopes and hostile bodies', () => {
  const parts: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['/payment-methods', { normal: ['6'] }, { normal: ['6', '4'] }],
    ['/instalment-terms', { currency: 'EUR', maxMonths: 12 }, { currency: 'EUR', maxMonths: 6 }],
  ];

  it('needs no If-Match while nothing is set, then answers the same body 200 with the same ETag, and a change needs If-Match (428, 412) with nothing written', async () => {
    for (const [index, [part, body, change]] of parts.entries()) {
      const file = await fileFor(21 + index);
      const path = `/files/${file.reference}${part}`;
      const read = await call(path, { token: agency.reader });
      expect(read.headers.get('etag')).toBe('"1"');
      const first = await put(path, agency.writer, body);
      expect(first.status, part).toBe(200);
      expect(first.headers.get('etag')).toBe('"2"');
      const same = await put(path, agency.writer, body);
      expect(same.status).toBe(200);
      expect(same.headers.get('etag')).toBe('"2"');
      expect(await same.json()).toEqual(await first.json());
      const stored = await storedTerms(file.fileId);

      expect(
        (await problemOf(await put(path, agency.writer, change), 428, 'preconditionRequired')).currentVersion,
      ).toBe(2);
      const stale = await problemOf(
        await put(path, agency.writer, change, { 'if-match': '"1"' }),
        412,
        'preconditionFailed',
      );
      expect(stale.currentVersion).toBe(2);
      expect(await storedTerms(file.fileId)).toEqual(stored);

      const changed = await put(path, agency.writer, change, { 'if-match': '"2"' });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).toBe('"3"');
      const again = await call(path, { token: agency.reader });
      expect(again.headers.get('etag')).toBe('"3"');
      expect(await again.json()).toEqual(await changed.json());
      // Back to the variant's: nothing stored, and no If-Match needed again after that.
      const reset = await put(path, agency.writer, part === '/payment-methods' ? {} : { currency: 'EUR' }, {
        'if-match': '"3"',
      });
      expect(reset.status).toBe(200);
      expect(((await reset.json()) as { defaults: boolean }).defaults).toBe(true);
      expect(await storedTerms(file.fileId)).toEqual({ paymentMethods: null, instalmentTerms: null });
      expect((await put(path, agency.writer, body)).status).toBe(200);
    }
  });

  it('needs a token (401), the scope (403) and a file (404)', async () => {
    const file = await fileFor(31);
    for (const [part, body] of parts) {
      const path = `/files/${file.reference}${part}`;
      await problemOf(await call(path), 401, 'unauthorized');
      await problemOf(await put(path, agency.reader, body), 403, 'insufficientScope');
      await problemOf(await call(path, { token: agency.writeOnly }), 403, 'insufficientScope');
      await problemOf(await call(`/files/979999998${part}`, { token: agency.reader }), 404, 'notFound');
      await problemOf(await put(`/files/979999998${part}`, agency.writer, body), 404, 'notFound');
    }
    expect(await storedTerms(file.fileId)).toEqual({ paymentMethods: null, instalmentTerms: null });
  });

  it('answers malformed, unknown, hostile and NUL bodies as problems and writes nothing', async () => {
    const file = await fileFor(32);
    for (const [part, good] of parts) {
      const path = `/files/${file.reference}${part}`;
      const hostile: Array<[string, string]> = [
        ['malformed JSON', '{"normal": ['],
        ['empty', ''],
        ['null', 'null'],
        ['array', JSON.stringify([good])],
        ['unknown field', JSON.stringify({ ...good, passwordHash: 'x' })],
        ['prototype keys', JSON.stringify(good).replace('{', '{"__proto__":{"polluted":true},')],
        ['NUL', JSON.stringify({ ...good, normal: ['a\u0000b'], currency: 'E\u0000R' })],
        ['half a surrogate pair', JSON.stringify(good).replace('{', '{"x":"\\ud800",')],
        ['deep nesting', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
        [
          'hostile strings',
          JSON.stringify({ normal: ["'; drop table files; --"], currency: '<script>', maxMonths: '1e999' }),
        ],
        ['huge numbers', JSON.stringify({ ...good, maxMonths: 1e300, minMonthlyMinor: 1e300, normal: [1e300] })],
        ['fraction', JSON.stringify({ ...good, maxMonths: 1.5, normal: [1.5] })],
        ['negative', JSON.stringify({ ...good, maxMonths: -1, minMonthlyMinor: -1 })],
        ['no method', JSON.stringify({ ...good, normal: [] })],
        ['a method twice', JSON.stringify({ ...good, normal: ['6', '6'] })],
        ['a list as a text', JSON.stringify({ ...good, normal: '6', waiveInstalmentFee: 'yes' })],
        ['too many methods', JSON.stringify({ ...good, normal: Array.from({ length: 100 }, (_, i) => String(i)) })],
        ['too long', JSON.stringify({ ...good, x: 'x'.repeat(200_000) })],
      ];
      await expectBodiesRefused(put, path, agency.writer, hostile, good);
    }
    expect(await storedTerms(file.fileId)).toEqual({ paymentMethods: null, instalmentTerms: null });
  });
});
