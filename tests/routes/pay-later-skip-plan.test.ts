/**
 * Pay later, skip an instalment, the repayment plan and its mail, and the state page: loaders
 * and actions against the seeded database, with the double submit and the state guards.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/sessions.ts';
import * as t from '#server/db/schema.ts';
import { action as payLater, loader as payLaterLoader } from '~/routes/$portal.checkout.pay-later';
import { loader as unavailable } from '~/routes/$portal.checkout.unavailable';
import { action as planAction, loader as planLoader } from '~/routes/$portal.installment-plan';
import { action as skipAction, loader as skipLoader } from '~/routes/$portal.skip-installment';
import { formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();

async function fileOf(refno: string, subcase = 1) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  return row!;
}
async function cookieFor(refno: string, subcase = 1) {
  const file = await fileOf(refno, subcase);
  const { cookie } = await createSession(database.db, {
    debtorId: file.debtorId,
    fileId: file.id,
    loginType: 'password',
    level: 'full',
  });
  return cookie.split(';')[0]!;
}
const location = (r: { headers: Headers }) => r.headers.get('Location');

describe('pay later', () => {
  const path = '/serviceportal/checkout/pay-later';

  it('says a deferral was already granted (100000004), with the date to pay by', async () => {
    const result = await run(payLaterLoader, getRequest(path, { Cookie: await cookieFor('100000004') }), de);
    expect(result.data).toMatchObject({ view: 'alreadyGranted' });
    const posted = await run(
      payLater,
      formRequest(path, { intent: 'notice', noticeDays: '30', method: '6' }, { Cookie: await cookieFor('100000004') }),
      de,
    );
    expect(posted.status).toBe(409);
    expect(
      await database.db
        .select()
        .from(t.deferrals)
        .where(eq(t.deferrals.fileId, (await fileOf('100000004')).id)),
    ).toHaveLength(1);
  });

  it('grants a deferral of 30 days once, by bank transfer, with the settlement fee charged to the file (issue 11, finding 3)', async () => {
    const cookie = await cookieFor('100000010', 1);
    const file = await fileOf('100000010', 1);
    // 221.40 EUR: basis 110.70 → table 51.50 → 0.7 → 36.05 EUR settlement fee.
    const page = await run(payLaterLoader, getRequest(path, { Cookie: cookie }), de);
    expect(page.data).toMatchObject({
      view: 'flow',
      step: 'notice',
      feeApplies: true,
      noticeDays: [30],
      terms: { feeMinor: 36_05, vatMinor: 0, totalMinor: 257_45 },
      feeNote: 'fees.statutory.settlementFee',
    });
    const missing = await run(payLater, formRequest(path, { intent: 'notice' }, { Cookie: cookie }), de);
    expect(missing.status).toBe(400);
    expect((missing.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      noticeDays: ['errors.noticeRequired'],
      method: ['errors.methodRequired'],
    });
    const wrongDays = await run(
      payLater,
      formRequest(path, { intent: 'notice', noticeDays: '90', method: '6' }, { Cookie: cookie }),
      de,
    );
    expect(wrongDays.status).toBe(400);

    const notice = await run(
      payLater,
      formRequest(path, { intent: 'notice', noticeDays: '30', method: '6' }, { Cookie: cookie }),
      de,
    );
    expect(location(notice)).toBe('/serviceportal/checkout/pay-later?step=agreement&days=30&method=6');
    const q = '?step=agreement&days=30&method=6';
    const granted = await run(
      payLater,
      formRequest(`${path}${q}`, { intent: 'agreement', feeAgreed: 'on' }, { Cookie: cookie }),
      de,
    );
    expect(location(granted)).toBe('/serviceportal/checkout/pay-later?step=done');
    const twice = await run(
      payLater,
      formRequest(path, { intent: 'notice', noticeDays: '30', method: '6' }, { Cookie: cookie }),
      de,
    );
    expect(twice.status).toBe(409);
    expect((twice.data as { error: string }).error).toBe('alreadyGranted');

    const deferrals = await database.db.select().from(t.deferrals).where(eq(t.deferrals.fileId, file.id));
    expect(deferrals).toHaveLength(1);
    expect(deferrals[0]).toMatchObject({ noticeDays: 30, feeMinor: 36_05, providerId: '6' });
    // The fee is the file's cost now: the open amount on every page is claim + fee.
    const [after] = await database.db.select().from(t.files).where(eq(t.files.id, file.id));
    expect(after).toMatchObject({
      statusCode: '2',
      subState: 'deferred',
      costsMinor: file.costsMinor + 36_05,
      totalMinor: 257_45,
    });
    const costs = await database.db
      .select()
      .from(t.collectionCosts)
      .where(and(eq(t.collectionCosts.fileId, file.id), eq(t.collectionCosts.kind, 'settlementFee')));
    expect(costs).toMatchObject([
      {
        amountMinor: 36_05,
        legalBasis: 'Nr. 1000 VV RVG, §\u00a031b RVG (0,7 auf 50 % der Forderung)',
        vatIncluded: false,
      },
    ]);
    const orders = await database.db
      .select()
      .from(t.portalOrders)
      .where(and(eq(t.portalOrders.fileId, file.id), eq(t.portalOrders.orderType, 'deferral')));
    expect(orders).toMatchObject([{ ip: '203.0.113.0', targetDate: deferrals[0]!.payBy, feesMinor: 36_05 }]);
    const mails = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'deferralConfirmation')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({
      reference: '100000010',
      payBy: deferrals[0]!.payBy,
      fee: { amountMinor: 36_05, currency: 'EUR' },
    });
    const done = await run(payLaterLoader, getRequest(`${path}?step=done`, { Cookie: cookie }), de);
    expect(done.data).toMatchObject({
      view: 'done',
      payBy: deferrals[0]!.payBy,
      method: '6',
      feeMinor: 36_05,
      totalMinor: 257_45,
    });
  });

  it('with a fee (sister brand) the payment agreement step shows the fee in writing and needs consent', async () => {
    const pc = { portal: 'paycare' };
    const base = '/paycare/checkout/pay-later';
    const cookie = await cookieFor('600000001');
    const file = await fileOf('600000001');
    const page = await run(payLaterLoader, getRequest(base, { Cookie: cookie }), pc);
    // 490.40 EUR: basis 245.20 → 51.50 → 36.05 EUR, and the sister brand's 19 % VAT 6.85 EUR.
    expect(page.data).toMatchObject({ view: 'flow', feeApplies: true, terms: { feeMinor: 36_05, vatMinor: 6_85 } });
    const notice = await run(
      payLater,
      formRequest(base, { intent: 'notice', noticeDays: '30', method: '6' }, { Cookie: cookie }),
      pc,
    );
    expect(location(notice)).toBe('/paycare/checkout/pay-later?step=agreement&days=30&method=6');
    expect(await database.db.select().from(t.deferrals).where(eq(t.deferrals.fileId, file.id))).toHaveLength(0);
    const q = '?step=agreement&days=30&method=6';
    expect((await run(payLaterLoader, getRequest(`${base}${q}`, { Cookie: cookie }), pc)).data).toMatchObject({
      step: 'agreement',
    });
    const noConsent = await run(payLater, formRequest(`${base}${q}`, { intent: 'agreement' }, { Cookie: cookie }), pc);
    expect(noConsent.status).toBe(400);
    const ok = await run(
      payLater,
      formRequest(`${base}${q}`, { intent: 'agreement', feeAgreed: 'on' }, { Cookie: cookie }),
      pc,
    );
    expect(location(ok)).toBe('/paycare/checkout/pay-later?step=done');
    expect(await database.db.select().from(t.deferrals).where(eq(t.deferrals.fileId, file.id))).toMatchObject([
      { feeMinor: 42_90 },
    ]);
    expect(
      await database.db
        .select()
        .from(t.collectionCosts)
        .where(and(eq(t.collectionCosts.fileId, file.id), eq(t.collectionCosts.kind, 'settlementFee'))),
    ).toMatchObject([{ amountMinor: 42_90, vatIncluded: true }]);
    const [mail] = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'deferralConfirmation')));
    expect(mail!.data).toMatchObject({ fee: { amountMinor: 42_90, currency: 'EUR' } });
  });

  it('by SEPA direct debit the mandate is the pay step', async () => {
    const cookie = await cookieFor('100000008');
    const file = await fileOf('100000008');
    const notice = await run(
      payLater,
      formRequest(path, { intent: 'notice', noticeDays: '30', method: '3' }, { Cookie: cookie }),
      de,
    );
    expect(location(notice)).toBe('/serviceportal/checkout/pay-later?step=agreement&days=30&method=3');
    const agreed = await run(
      payLater,
      formRequest(
        `${path}?step=agreement&days=30&method=3`,
        { intent: 'agreement', feeAgreed: 'on' },
        { Cookie: cookie },
      ),
      de,
    );
    expect(location(agreed)).toBe('/serviceportal/checkout/pay-later?step=mandate&days=30&method=3&agreed=1');
    const q = '?step=mandate&days=30&method=3&agreed=1';
    const result = await run(
      payLater,
      formRequest(
        `${path}${q}`,
        {
          intent: 'mandate',
          accountHolder: 'Claudia Neumann',
          iban: 'DE02120300000000202051',
          postalCode: '94032',
          mandateConsent: 'on',
        },
        { Cookie: cookie },
      ),
      de,
    );
    expect(location(result)).toBe('/serviceportal/checkout/pay-later?step=done');
    const [deferral] = await database.db.select().from(t.deferrals).where(eq(t.deferrals.fileId, file.id));
    expect(deferral).toMatchObject({ providerId: '3' });
    const done = await run(payLaterLoader, getRequest(`${path}?step=done`, { Cookie: cookie }), de);
    expect(done.data).toMatchObject({ view: 'done', method: '3', mandateReference: `CI-100000008-D${deferral!.id}` });
  });
});

describe('skip an instalment (100000002)', () => {
  const path = '/serviceportal/skip-installment';

  it('is offered, needs the confirmation, skips once; a repeated submit changes nothing', async () => {
    const cookie = await cookieFor('100000002');
    const file = await fileOf('100000002');
    const offer = await run(skipLoader, getRequest(path, { Cookie: cookie }), de);
    expect(offer.data).toMatchObject({ view: 'offer', current: { position: 3, amountMinor: 150_00 } });
    const unconfirmed = await run(skipAction, formRequest(path, {}, { Cookie: cookie }), de);
    expect(unconfirmed.status).toBe(400);
    expect((unconfirmed.data as { result: { error: Record<string, string[]> } }).result.error.confirm).toEqual([
      'skip.errors.confirm',
    ]);

    const skipped = await run(skipAction, formRequest(path, { confirm: 'on' }, { Cookie: cookie }), de);
    expect(location(skipped)).toBe(path);
    const again = await run(skipAction, formRequest(path, { confirm: 'on' }, { Cookie: cookie }), de);
    expect(location(again)).toBe(path);

    const [plan] = await database.db
      .select()
      .from(t.instalmentPlans)
      .where(and(eq(t.instalmentPlans.fileId, file.id), eq(t.instalmentPlans.status, 'active')));
    expect(plan!.skipsUsed).toBe(1);
    const rows = await database.db.select().from(t.instalmentRows).where(eq(t.instalmentRows.planId, plan!.id));
    expect(rows.filter((r) => r.skipped).map((r) => r.position)).toEqual([3]);
    const orders = await database.db
      .select()
      .from(t.portalOrders)
      .where(and(eq(t.portalOrders.fileId, file.id), eq(t.portalOrders.orderType, 'skipInstalment')));
    expect(orders).toHaveLength(1);
    const done = await run(skipLoader, getRequest(path, { Cookie: cookie }), de);
    expect(done.data).toMatchObject({ view: 'done', skipped: { position: 3 }, next: { amountMinor: 150_00 } });
  });

  it('an open claim without an agreement is sent to the page that explains it', async () => {
    const result = await run(skipLoader, getRequest(path, { Cookie: await cookieFor('100000001') }), de);
    expect(location(result)).toBe('/serviceportal/checkout/unavailable?reason=statusOpen');
    const posted = await run(
      skipAction,
      formRequest(path, { confirm: 'on' }, { Cookie: await cookieFor('100000001') }),
      de,
    );
    expect(location(posted)).toBe('/serviceportal/checkout/unavailable?reason=statusOpen');
    const page = await run(
      unavailable,
      getRequest('/serviceportal/checkout/unavailable?reason=statusOpen', { Cookie: await cookieFor('100000001') }),
      de,
    );
    expect(page.data).toMatchObject({ reason: 'statusOpen' });
  });

  it('is not offered under SEPA direct debit (100000011)', async () => {
    const result = await run(skipLoader, getRequest(path, { Cookie: await cookieFor('100000011') }), de);
    expect(result.data).toMatchObject({ view: 'notOffered' });
    const posted = await run(
      skipAction,
      formRequest(path, { confirm: 'on' }, { Cookie: await cookieFor('100000011') }),
      de,
    );
    expect(posted.status).toBe(409);
  });
});

describe('the repayment plan and "send by e-mail"', () => {
  const path = '/serviceportal/installment-plan';

  it('shows the plan and mails it through the outbox; the confirmation names the address', async () => {
    const cookie = await cookieFor('100000011');
    const file = await fileOf('100000011');
    const page = await run(planLoader, getRequest(path, { Cookie: cookie }), de);
    expect(page.data).toMatchObject({
      plan: { status: 'active', isSepa: true, totalMinor: 1_107_40 },
      email: 'andreas.wolf@example.org',
      sentTo: null,
    });
    const invalid = await run(planAction, formRequest(path, { email: 'not-an-address' }, { Cookie: cookie }), de);
    expect(invalid.status).toBe(400);
    expect(
      (invalid.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result,
    ).toMatchObject({ error: { email: ['plan.errors.emailInvalid'] }, initialValue: { email: 'not-an-address' } });
    const sent = await run(
      planAction,
      formRequest(path, { email: 'andreas.wolf@example.org' }, { Cookie: cookie }),
      de,
    );
    const mailId = Number(new URL(location(sent)!, 'http://x').searchParams.get('sent'));
    const [mail] = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.id, mailId));
    expect(mail).toMatchObject({
      fileId: file.id,
      template: 'instalmentPlan',
      toAddress: 'andreas.wolf@example.org',
      status: 'pending',
    });
    expect((mail!.data as { rows: unknown[] }).rows).toHaveLength(12);
    const confirmed = await run(planLoader, getRequest(`${path}?sent=${mailId}`, { Cookie: cookie }), de);
    expect(confirmed.data).toMatchObject({ sentTo: 'andreas.wolf@example.org' });
    // Another file's mail is never shown.
    const foreign = await run(
      planLoader,
      getRequest(`${path}?sent=${mailId}`, { Cookie: await cookieFor('100000002') }),
      de,
    );
    expect(foreign.data).toMatchObject({ sentTo: null });
  });

  it('without a plan the debtor learns why', async () => {
    const result = await run(planLoader, getRequest(path, { Cookie: await cookieFor('100000004') }), de);
    expect(location(result)).toBe('/serviceportal/checkout/unavailable?reason=noPlan');
  });
});
