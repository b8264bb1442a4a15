/**
 * The instalment journeys' loaders and actions against the seeded database: pay in instalments
 * (every step, bank transfer, online hand-over, SEPA with the postal-code and password check,
 * proof of income, deposit and down payment first, error codes), the double submit, and the
 * records an agreement leaves (plan, rows, status, portal order, mail, audit).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/sessions.ts';
import * as t from '#server/db/schema.ts';
import type { MailData } from '#server/mail/outbox.ts';
import { renderMail } from '#server/mail/templates.ts';
import {
  action as payInstalments,
  loader as payInstalmentsLoader,
} from '~/routes/$portal.checkout.pay-installments/route';
import { loader as mandatePage } from '~/routes/$portal.sepa-mandate';
import { context, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();

async function fileOf(refno: string, subcase = 1) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  return row!;
}
async function cookieFor(refno: string, subcase = 1, level: 'limited' | 'full' = 'full') {
  const file = await fileOf(refno, subcase);
  const { cookie } = await createSession(database.db, {
    debtorId: file.debtorId,
    fileId: file.id,
    loginType: 'password',
    level,
  });
  return cookie.split(';')[0]!;
}
const path = '/serviceportal/checkout/pay-installments';
const get = (cookie: string, query = '', params = de, base = path) =>
  run(payInstalmentsLoader, getRequest(`${base}${query}`, { Cookie: cookie }), params);
const post = (
  cookie: string,
  query: string,
  fields: Record<string, string>,
  params = de,
  base = path,
  ctx = context(),
) => run(payInstalments, formRequest(`${base}${query}`, fields, { Cookie: cookie }), params, ctx);
const location = (r: { headers: Headers }) => r.headers.get('Location');
const plansOf = async (fileId: number) =>
  database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, fileId));
type Data = Record<string, unknown> & { view: string; step?: string };

function inDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}

describe('pay in instalments: the steps for an open claim (100000001)', () => {
  it('shows the amount step with the fee of section 9 and the server-given limits', async () => {
    const result = await get(await cookieFor('100000001'));
    const d = result.data as Data & {
      costs: { feeMinor: number; totalMinor: number };
      limits: { absoluteMinMinor: number; regularMinMinor: number; maxMinor: number };
    };
    expect(d.view).toBe('flow');
    expect(d.step).toBe('amount');
    expect(d.costs).toMatchObject({ feeMinor: 36_05, totalMinor: 623_89 });
    expect(d.limits).toEqual({
      absoluteMinMinor: 13_00,
      regularMinMinor: 26_00,
      maxMinor: 311_95,
      exampleMinor: 30_00,
    });
  });

  it('the affordability helper suggests an amount and stores nothing', async () => {
    const before = await database.db.select().from(t.auditLog);
    const cookie = await cookieFor('100000001');
    const result = await post(cookie, '', {
      intent: 'helper',
      income: '1800,00',
      rent: '700',
      living: '900',
      obligations: '0',
    });
    expect(result.data).toMatchObject({
      helper: { kind: 'ok', amountMinor: 100_00, proofRequired: false },
      helperValues: { income: '1800,00' },
    });
    const tight = await post(cookie, '', { intent: 'helper', income: '1000', rent: '700', living: '290' });
    expect((tight.data as { helper: unknown }).helper).toEqual({ kind: 'belowMinimum', amountMinor: 5_00 });
    const none = await post(cookie, '', { intent: 'helper', income: '1000', rent: '700', living: '400' });
    expect((none.data as { helper: unknown }).helper).toEqual({ kind: 'noRoom' });
    expect((await post(cookie, '', { intent: 'helper', income: '' })).status).toBe(400);
    // Nothing of it is stored: no audit entry, no order, no plan.
    expect(await database.db.select().from(t.auditLog)).toHaveLength(before.length);
    expect(await plansOf((await fileOf('100000001')).id)).toHaveLength(0);
  });

  it('refuses an amount too low, too high or in another format; asks for proof below the regular minimum', async () => {
    const cookie = await cookieFor('100000001');
    const low = await post(cookie, '', { intent: 'amount', monthly: '12,99' });
    expect(low.status).toBe(400);
    expect((low.data as { result: { error: Record<string, string[]> } }).result.error.monthly).toEqual([
      'errors.tooLow',
    ]);
    const high = await post(cookie, '', { intent: 'amount', monthly: '311,96' });
    expect((high.data as { result: { error: Record<string, string[]> } }).result.error.monthly).toEqual([
      'errors.tooHigh',
    ]);
    const format = await post(cookie, '', { intent: 'amount', monthly: 'fünfzig' });
    expect((format.data as { result: { error: Record<string, string[]> } }).result.error.monthly).toEqual([
      'errors.amountFormat',
    ]);
    const proof = await post(cookie, '', { intent: 'amount', monthly: '20' });
    expect(proof.status).toBe(400);
    const errors = (proof.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(errors.error).toMatchObject({ proofConfirmed: ['errors.proofConfirm'], proofType: ['errors.proofType'] });
    // Nothing typed is lost.
    expect(errors.initialValue.monthly).toBe('20');
  });

  it('carries the amount and the date through the address, checking the date range', async () => {
    const cookie = await cookieFor('100000001');
    const amount = await post(cookie, '', { intent: 'amount', monthly: '50,00' });
    expect(location(amount)).toBe('/serviceportal/checkout/pay-installments?step=date&monthly=5000');
    const late = await post(cookie, '?step=date&monthly=5000', { intent: 'date', firstDueOn: inDays(45) });
    expect(late.status).toBe(400);
    expect((late.data as { result: { error: Record<string, string[]> } }).result.error.firstDueOn).toEqual([
      'errors.dateRange',
    ]);
    const first = inDays(10);
    const date = await post(cookie, '?step=date&monthly=5000', { intent: 'date', firstDueOn: first });
    expect(location(date)).toBe(`/serviceportal/checkout/pay-installments?step=overview&monthly=5000&first=${first}`);
    const overview = await get(cookie, `?step=overview&monthly=5000&first=${first}`);
    const quote = (
      overview.data as {
        quote: { plan: { instalmentCount: number; rows: Array<{ amountMinor: number; isFinal: boolean }> } };
      }
    ).quote;
    expect(quote.plan.instalmentCount).toBe(13);
    expect(quote.plan.rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(623_89);
    expect(quote.plan.rows.at(-1)).toMatchObject({ amountMinor: 23_89, isFinal: true });
  });

  it('a tampered address goes back to the amount step', async () => {
    const result = await get(await cookieFor('100000001'), '?step=overview&monthly=1&first=2020-01-01');
    expect(location(result)).toBe('/serviceportal/checkout/pay-installments?step=amount&monthly=1&first=2020-01-01');
  });

  it('agrees a plan by bank transfer once: plan, rows, status, portal order with truncated address, mail with the costs, audit', async () => {
    const cookie = await cookieFor('100000001');
    const file = await fileOf('100000001');
    const first = inDays(10);
    const query = `?step=method&monthly=5000&first=${first}`;
    const notAgreed = await post(cookie, query, { intent: 'method', method: '6' });
    expect(notAgreed.status).toBe(400);
    expect((notAgreed.data as { result: { error: Record<string, string[]> } }).result.error.agree).toEqual([
      'errors.agree',
    ]);

    const agreed = await post(cookie, query, { intent: 'method', method: '6', agree: 'on' });
    expect(location(agreed)).toBe('/serviceportal/checkout/pay-installments?step=summary');
    // The same agreement again (a double click): no second plan.
    const again = await post(cookie, query, { intent: 'method', method: '6', agree: 'on' });
    expect(location(again)).toBe('/serviceportal/checkout/pay-installments?step=summary');
    const plans = await plansOf(file.id);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      status: 'active',
      feeMinor: 36_05,
      totalMinor: 623_89,
      monthlyMinor: 50_00,
      instalmentCount: 13,
      firstDueOn: first,
      providerId: '6',
      isSepa: false,
    });
    const rows = await database.db.select().from(t.instalmentRows).where(eq(t.instalmentRows.planId, plans[0]!.id));
    expect(rows).toHaveLength(13);
    expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(623_89);

    const [after] = await database.db.select().from(t.files).where(eq(t.files.id, file.id));
    expect(after).toMatchObject({ statusCode: '2', subState: 'instalmentRunning' });
    const orders = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.fileId, file.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderType: 'instalments',
      ip: '203.0.113.0',
      targetAmountMinor: 50_00,
      targetDate: first,
      feesMinor: 36_05,
    });
    const mails = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'instalmentPlan')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('anna.schneider@example.org');
    expect(mails[0]!.data).toMatchObject({
      reference: '100000001',
      fees: [{ kind: 'instalmentFee', amountMinor: 36_05 }],
      total: { amountMinor: 623_89, currency: 'EUR' },
      instalmentCount: 13,
    });
    // Paid by bank transfer: no mandate, and the reminder to pay each rate on time stays.
    expect(mails[0]!.data).not.toHaveProperty('directDebit');
    expect(
      renderMail('instalmentPlan', mails[0]!.data as unknown as MailData['instalmentPlan'], {
        language: 'de',
        variant: 'de',
      }).text,
    ).toContain('Zahlen Sie jede Rate pünktlich');
    const audits = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.fileId, file.id), eq(t.auditLog.action, 'instalments.agreed')));
    expect(audits).toHaveLength(1);

    // A different plan afterwards meets "an agreement already exists".
    const other = await post(cookie, `?step=method&monthly=6000&first=${first}`, {
      intent: 'method',
      method: '6',
      agree: 'on',
    });
    expect(other.status).toBe(409);
    expect((await get(cookie)).data).toMatchObject({ view: 'refused', code: 2, messageKey: 'errors.code2' });
    const summary = await get(cookie, '?step=summary');
    expect(summary.data).toMatchObject({ view: 'summary', plan: { status: 'active', instalmentCount: 13 } });
  });

  it('hands over to pay-direct for the first instalment when paying online', async () => {
    const cookie = await cookieFor('100000008');
    const first = inDays(5);
    const result = await post(cookie, `?step=method&monthly=10000&first=${first}`, {
      intent: 'method',
      method: 'online',
      agree: 'on',
    });
    expect(location(result)).toBe('/serviceportal/checkout/pay-direct?installment=true');
    const plans = await plansOf((await fileOf('100000008')).id);
    expect(plans).toMatchObject([{ status: 'active', providerId: null }]);
  });
});

describe('SEPA direct debit mandate', () => {
  const mandate = {
    intent: 'mandate',
    accountHolder: 'Maria García López',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: '',
    mandateConsent: 'on',
  };

  it('checks the fields: German IBAN only, account holder without special characters', async () => {
    const cookie = await cookieFor('100000010', 3);
    const first = inDays(7);
    const bad = await post(cookie, `?step=mandate&monthly=5000&first=${first}&method=3`, {
      ...mandate,
      accountHolder: 'Maria <b>',
      iban: 'AT611904300234573201',
      postalCode: '90491',
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      accountHolder: ['errors.holderInvalid'],
      iban: ['errors.ibanNotGerman'],
    });
  });

  it('asks the portal password when the postal code does not match; a wrong one is refused; the right one makes the plan with status 22', async () => {
    const cookie = await cookieFor('100000010', 3);
    const file = await fileOf('100000010', 3);
    const first = inDays(7);
    const query = `?step=mandate&monthly=5000&first=${first}&method=3`;
    const step = await get(cookie, query);
    expect(step.data).toMatchObject({ view: 'flow', step: 'mandate', creditorId: 'DE98ZZZ09999999999' });

    const wrongZip = await post(cookie, query, { ...mandate, postalCode: '12345' });
    expect(wrongZip.status).toBe(400);
    expect(wrongZip.data).toMatchObject({
      askPassword: true,
      result: { error: { postalCode: ['errors.postalCodeMismatch'] } },
    });
    const wrongPassword = await post(cookie, query, { ...mandate, postalCode: '12345', password: 'Wrong-Pass9' });
    expect(wrongPassword.data).toMatchObject({
      askPassword: true,
      result: { error: { password: ['errors.wrongPassword'] } },
    });
    // The password is never sent back.
    expect(JSON.stringify(wrongPassword.data)).not.toContain('Wrong-Pass9');
    expect(await plansOf(file.id)).toHaveLength(0);

    const ok = await post(cookie, query, { ...mandate, postalCode: '12345', password: 'Demo-Pass1' });
    expect(location(ok)).toBe('/serviceportal/checkout/pay-installments?step=summary');
    const [plan] = await plansOf(file.id);
    expect(plan).toMatchObject({ status: 'active', isSepa: true, providerId: '3' });
    const [after] = await database.db.select().from(t.files).where(eq(t.files.id, file.id));
    expect(after!.statusCode).toBe('22');
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
    expect(debtor).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountHolder: 'Maria García López',
    });
    const summary = await get(cookie, '?step=summary');
    expect(summary.data).toMatchObject({ view: 'summary', mandateReference: `CI-100000010-3-P${plan!.id}` });
    const printable = await run(mandatePage, getRequest('/serviceportal/sepa-mandate', { Cookie: cookie }), de);
    expect(printable.data).toMatchObject({
      mandate: {
        mandateReference: `CI-100000010-3-P${plan!.id}`,
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        targetDate: first,
      },
    });

    // Issue 25, finding 8: the plan's mail says that the rates are collected from that account under
    // that mandate, on the dates of its table, and no longer asks to pay each rate on time.
    const [planMail] = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'instalmentPlan')));
    expect(planMail!.data).toMatchObject({
      directDebit: { mandateReference: `CI-100000010-3-P${plan!.id}`, account: 'DE89 •••• 3000' },
    });
    const mail = renderMail('instalmentPlan', planMail!.data as unknown as MailData['instalmentPlan'], {
      language: 'de',
      variant: 'de',
    });
    expect(mail.text).toContain('per SEPA-Lastschrift von Ihrem Konto DE89 •••• 3000 eingezogen');
    expect(mail.text).toContain(`Mandatsreferenz CI-100000010-3-P${plan!.id}`);
    expect(mail.html).toContain('Einzug am');
    expect(mail.text).not.toContain('pünktlich');
  });

  it('limits wrong attempts with the attempts-exceeded message', async () => {
    const cookie = await cookieFor('100000012');
    const query = `?step=mandate&monthly=10000&first=${inDays(7)}&method=3`;
    const ctx = context('198.51.100.77');
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6; i++)
      last = await post(
        cookie,
        query,
        { ...mandate, accountHolder: 'Elif Demir', postalCode: '99999', password: 'Wrong-Pass9' },
        de,
        path,
        ctx,
      );
    expect(last!.status).toBe(429);
    expect(last!.data).toMatchObject({ result: { error: { postalCode: ['errors.attemptsExceeded'] } } });
    // Even the right answer waits now.
    const locked = await post(
      cookie,
      query,
      { ...mandate, accountHolder: 'Elif Demir', postalCode: '22301' },
      de,
      path,
      ctx,
    );
    expect(locked.status).toBe(429);
    expect(await plansOf((await fileOf('100000012')).id)).toHaveLength(0);
  });
});

describe('proof of income below the regular minimum (Austrian file, no fee)', () => {
  it('keeps the plan pending, records the proof type and sends the debtor to the upload center', async () => {
    const at = { portal: 'serviceportal-at' };
    const base = '/serviceportal-at/checkout/pay-installments';
    const cookie = await cookieFor('200000001');
    const file = await fileOf('200000001');
    const start = await get(cookie, '', at, base);
    expect(start.data).toMatchObject({
      costs: { feeMinor: 0, totalMinor: 629_50 },
      limits: { absoluteMinMinor: 14_00, regularMinMinor: 27_00 },
    });
    const amount = await post(
      cookie,
      '',
      { intent: 'amount', monthly: '15', proofConfirmed: 'on', proofType: 'pension' },
      at,
      base,
    );
    expect(location(amount)).toBe('/serviceportal-at/checkout/pay-installments?step=date&monthly=1500&proof=pension');
    const first = inDays(3);
    const agreed = await post(
      cookie,
      `?step=method&monthly=1500&first=${first}&proof=pension`,
      { intent: 'method', method: 'online', agree: 'on' },
      at,
      base,
    );
    // Pending plans do not take a first payment: the summary says what happens next.
    expect(location(agreed)).toBe('/serviceportal-at/checkout/pay-installments?step=summary');
    expect(await plansOf(file.id)).toMatchObject([{ status: 'pending', instalmentCount: 42 }]);
    const requests = await database.db.select().from(t.documentRequests).where(eq(t.documentRequests.fileId, file.id));
    expect(requests).toMatchObject([{ templateId: 'proofOfIncome', status: 'requested' }]);
    const [order] = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.fileId, file.id));
    expect(JSON.parse(order!.info!)).toMatchObject({ proofOfIncome: 'pension' });
    expect((await get(cookie, '', at, base)).data).toMatchObject({ view: 'awaitingProof' });
  });

  it('refuses a proof-of-income plan without the proof type, even past the form', async () => {
    const cookie = await cookieFor('300000001');
    const first = inDays(3);
    const result = await post(
      cookie,
      `?step=method&monthly=2000&first=${first}`,
      { intent: 'method', method: '6', agree: 'on' },
      { portal: 'serviceportal-ch' },
      '/serviceportal-ch/checkout/pay-installments',
    );
    expect(result.status).toBe(409);
    expect((result.data as { error: string }).error).toBe('proofRequired');
  });
});

describe('deposit and down payment first; error codes', () => {
  it('code 5 (100000005): the deposit of the stated amount first, handed over to pay-direct?deposit=true', async () => {
    const cookie = await cookieFor('100000005');
    expect((await get(cookie)).data).toMatchObject({ view: 'deposit', amountMinor: 150_00 });
    const result = await post(cookie, '', { intent: 'payDeposit' });
    expect(location(result)).toBe('/serviceportal/checkout/pay-direct?deposit=true');
    // No plan can be made around it.
    const sneak = await post(cookie, `?step=method&monthly=10000&first=${inDays(5)}`, {
      intent: 'method',
      method: '6',
      agree: 'on',
    });
    expect(sneak.status).toBe(409);
  });

  it('down payment first (100000003), then the pending plan continues', async () => {
    const cookie = await cookieFor('100000003');
    const file = await fileOf('100000003');
    expect((await get(cookie)).data).toMatchObject({
      view: 'downPayment',
      amountMinor: 200_00,
      plan: { status: 'pending' },
    });
    expect(location(await post(cookie, '', { intent: 'payDownPayment' }))).toBe(
      '/serviceportal/checkout/pay-direct?downpayment=true',
    );
    // The payment module books the down payment …
    await database.db
      .update(t.deposits)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(t.deposits.fileId, file.id));
    expect((await get(cookie)).data).toMatchObject({ view: 'continue', step: 'method' });
    const done = await post(cookie, '', { intent: 'continueMethod', method: '6', agree: 'on' });
    expect(location(done)).toBe('/serviceportal/checkout/pay-installments?step=summary');
    expect(await plansOf(file.id)).toMatchObject([{ status: 'active', providerId: '6' }]);
    const [after] = await database.db.select().from(t.files).where(eq(t.files.id, file.id));
    expect(after).toMatchObject({ statusCode: '2', subState: 'instalmentRunning' });
  });

  it('a pending plan after its down payment continues; in Sweden without direct debit (decision 027)', async () => {
    const se = { portal: 'serviceportal-se' };
    const base = '/serviceportal-se/checkout/pay-installments';
    const file = await fileOf('400000001');
    const cookie = await cookieFor('400000001');
    await database.db
      .insert(t.deposits)
      .values({ fileId: file.id, kind: 'downPayment', amountMinor: 1_000_00, status: 'paid', paidAt: new Date() });
    const [plan] = await database.db
      .insert(t.instalmentPlans)
      .values({
        fileId: file.id,
        status: 'pending',
        residualClaimMinor: 200_00,
        totalMinor: 200_00,
        monthlyMinor: 100_00,
        instalmentCount: 2,
        firstDueOn: inDays(10),
      })
      .returning({ id: t.instalmentPlans.id });
    await database.db.insert(t.instalmentRows).values([
      {
        planId: plan!.id,
        position: 1,
        dueOn: inDays(10),
        amountMinor: 100_00,
        claimMinor: 200_00,
        remainingMinor: 100_00,
      },
      {
        planId: plan!.id,
        position: 2,
        dueOn: inDays(40),
        amountMinor: 100_00,
        claimMinor: 100_00,
        remainingMinor: 0,
        isFinal: true,
      },
    ]);
    expect((await get(cookie, '', se, base)).data).toMatchObject({
      view: 'continue',
      step: 'method',
      sepaOffered: false,
    });
    // The Swedish variant offers no SEPA direct debit: refused at the field, by the form and by the server.
    const sepa = await post(cookie, '', { intent: 'continueMethod', method: '3', agree: 'on' }, se, base);
    expect(sepa.status).toBe(400);
    expect((sepa.data as { result: { error: Record<string, string[]> } }).result.error.method).toEqual([
      'errors.methodUnavailable',
    ]);
    const mandate = await post(
      cookie,
      '?step=mandate&method=3',
      {
        intent: 'continueMandate',
        accountHolder: 'Erik Johansson',
        iban: 'DE89370400440532013000',
        postalCode: '111 21',
        mandateConsent: 'on',
      },
      se,
      base,
    );
    expect(mandate.status).toBe(409);
    expect(await plansOf(file.id)).toMatchObject([{ status: 'pending' }]);
    const done = await post(cookie, '', { intent: 'continueMethod', method: '6', agree: 'on' }, se, base);
    expect(location(done)).toBe('/serviceportal-se/checkout/pay-installments?step=summary');
    expect(await plansOf(file.id)).toMatchObject([{ status: 'active', isSepa: false, providerId: '6' }]);
    const [after] = await database.db.select().from(t.files).where(eq(t.files.id, file.id));
    expect(after).toMatchObject({ statusCode: '2', subState: 'instalmentRunning' });
  });

  it.each([
    [3, 'errors.code3'],
    [4, 'errors.code4'],
    [6, 'errors.code6'],
    [1, 'errors.code1'],
  ])('code %i shows its text', async (code, key) => {
    const file = await fileOf('100000010', 2);
    await database.db.update(t.files).set({ instalmentErrorCode: code }).where(eq(t.files.id, file.id));
    // 100000010-2 is "payment noted" (status 2): plans are open to it unless a code refuses.
    expect((await get(await cookieFor('100000010', 2))).data).toMatchObject({ view: 'refused', code, messageKey: key });
  });

  it('a running plan (100000002) is code 2', async () => {
    expect((await get(await cookieFor('100000002'))).data).toMatchObject({ view: 'refused', code: 2 });
  });
});

describe('the page belongs to the session’s file and variant', () => {
  it('needs a session', async () => {
    const result = await run(payInstalmentsLoader, getRequest(path), de);
    expect(location(result)).toMatch(/^\/serviceportal\/signin\?action=AZonly/);
    const posted = await run(payInstalments, formRequest(path, { intent: 'amount', monthly: '50' }), de);
    expect(location(posted)).toMatch(/^\/serviceportal\/signin\?action=AZonly/);
  });

  it('sends a Swiss file to the Swiss variant', async () => {
    const result = await get(await cookieFor('300000001'), '?step=amount');
    expect(location(result)).toBe('/serviceportal-ch/checkout/pay-installments?step=amount');
  });
});
