/**
 * Issue 11, findings 2 to 8, 10 to 12: every figure and date a debtor sees on the dashboard, the
 * claim, the checkout and the plan comes from one source per file and agrees with the others.
 * Loaders and actions with real requests against the seeded demo files.
 */
import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { todayForVariant } from '#server/dates.ts';
import { demoFiles as demoCatalogue } from '#server/demo/catalogue.ts';
import { sandboxProvider } from '#server/payments/service/provider.ts';
import { variants } from '#server/variants/config.ts';
import { loader as claimInformation } from '~/routes/$portal.claim-information';
import { action as payDirect, loader as payDirectPage } from '~/routes/$portal.checkout.pay-direct';
import {
  action as payInstalments,
  loader as payInstalmentsPage,
} from '~/routes/$portal.checkout.pay-installments/route';
import { action as payLater, loader as payLaterPage } from '~/routes/$portal.checkout.pay-later';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { action as planAction, loader as planPage } from '~/routes/$portal.installment-plan';
import { action as skip } from '~/routes/$portal.skip-installment';
import { action as webhook } from '~/routes/payments.webhook.$provider';
import { demoFiles, formRequest, getRequest, origin, run, useRouteDatabase } from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const location = (r: { headers: Headers }) => r.headers.get('Location');

interface View {
  openAmountMinor: number;
  asOf: string;
  status: { labelKey: string; date: string };
  amountToPay: { kind: string; amountMinor: number; situation: string };
  remainingPlanMinor: number | null;
  specialOffer: { amountMinor: number; validTill: string; settlesMinor: number } | null;
  flags: Record<string, boolean>;
}
async function viewOf(refno: string, subcase = 1, params = de) {
  const result = await run(
    dashboard,
    getRequest(`/${params.portal}/dashboard`, { Cookie: await cookieFor(refno, 'full', subcase) }),
    params,
  );
  return result.data as {
    view: View;
    modals: Array<{ kind: string; offer: { settlesMinor: number; validTill: string } | null }>;
  };
}

describe('finding 2: "pay the entire remaining claim" of a running plan includes the instalment fee (100000001, 50 €/month)', () => {
  it('agrees the plan, shows 623.89 EUR everywhere, charges 623.89 EUR, and only then completes the plan and settles the file', async () => {
    const cookie = await cookieFor('100000001');
    const file = await fileOf('100000001');
    const first = todayForVariant('de', new Date(Date.now() + 10 * 86_400_000));
    const agreed = await run(
      payInstalments,
      formRequest(
        `/serviceportal/checkout/pay-installments?step=method&monthly=5000&first=${first}`,
        { intent: 'method', method: '6', agree: 'on' },
        { Cookie: cookie },
      ),
      de,
    );
    expect(location(agreed)).toBe('/serviceportal/checkout/pay-installments?step=summary');

    // The fee is a cost of the file now (finding 3): one row with its legal basis.
    const costs = await database.db
      .select()
      .from(t.collectionCosts)
      .where(and(eq(t.collectionCosts.fileId, file.id), eq(t.collectionCosts.kind, 'instalmentFee')));
    expect(costs).toMatchObject([
      { amountMinor: 36_05, legalBasis: 'Nr. 1000 VV RVG, §\u00a031b RVG (0,7 auf 50 % der Forderung)' },
    ]);

    const { view } = await viewOf('100000001');
    expect(view.openAmountMinor).toBe(623_89);
    expect(view.remainingPlanMinor).toBe(623_89);
    expect(view.amountToPay).toMatchObject({ kind: 'instalment', amountMinor: 50_00 });

    const page = await run(payDirectPage, getRequest('/serviceportal/checkout/pay-direct', { Cookie: cookie }), de);
    const d = page.data as {
      purpose: string;
      amountMinor: number;
      includedFees: Array<{ kind: string; amountMinor: number; note: string | null }>;
    };
    expect(d.purpose).toBe('remainder');
    expect(d.amountMinor).toBe(623_89);
    expect(d.includedFees).toEqual([
      { kind: 'instalmentFee', amountMinor: 36_05, note: 'fees.statutory.instalmentFee' },
    ]);

    // Pay it through the provider sandbox: the provider is asked for the remaining claim with the fee.
    await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', method: '1', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      de,
    );
    const [payment] = await database.db.select().from(t.payments).where(eq(t.payments.fileId, file.id));
    expect(payment).toMatchObject({ purpose: 'remainder', amountMinor: 623_89 });
    const provider = sandboxProvider(database.db)!;
    const decided = await provider.decide(payment!.providerReference!, 'approve');
    if (!decided.ok) throw new Error('not decided');
    const hook = provider.webhookFor(decided.session);
    await run(
      webhook,
      new Request(`${origin}/payments/webhook/sandbox`, {
        method: 'POST',
        body: hook.rawBody,
        headers: { 'Content-Type': 'application/json', ...Object.fromEntries(hook.headers) },
      }),
      { provider: 'sandbox' },
    );

    const after = await fileOf('100000001');
    expect(after).toMatchObject({ statusCode: '3', totalMinor: 0 });
    const [plan] = await database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, file.id));
    expect(plan!.status).toBe('completed');
  });
});

describe('finding 3: the fees are explained where they appear, in every language', () => {
  const languages = ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'];
  it.each(languages)(
    '%s has a sentence for the statutory instalment and settlement fee and for a flat instalment fee',
    (language) => {
      const common = JSON.parse(readFileSync(path.join('locales', language, 'common.json'), 'utf8')) as {
        fees: Record<string, Record<string, string>>;
      };
      for (const text of [
        common.fees.statutory!.instalmentFee,
        common.fees.statutory!.settlementFee,
        common.fees.flat!.instalmentFee,
      ]) {
        expect(text).toContain('{{amount}}');
        expect(text!.length).toBeGreaterThan(60);
      }
    },
  );

  it('the pay-in-instalments page names the fee with its explanation; Austria charges none', async () => {
    const page = await run(
      payInstalmentsPage,
      getRequest('/serviceportal/checkout/pay-installments', { Cookie: await cookieFor('100000008') }),
      de,
    );
    expect(page.data).toMatchObject({ costs: { feeMinor: 36_05 }, feeNote: 'fees.statutory.instalmentFee' });
    const at = await run(
      payInstalmentsPage,
      getRequest('/serviceportal-at/checkout/pay-installments', { Cookie: await cookieFor('200000001') }),
      { portal: 'serviceportal-at' },
    );
    expect(at.data).toMatchObject({ costs: { feeMinor: 0 }, feeNote: null });
  });
});

describe('finding 4: skipping an instalment (100000002)', () => {
  it('moves the skipped rate behind the last row; the skipped row no longer lowers the balance; 0 only after the last row', async () => {
    const cookie = await cookieFor('100000002');
    expect(
      location(
        await run(skip, formRequest('/serviceportal/skip-installment', { confirm: 'on' }, { Cookie: cookie }), de),
      ),
    ).toBe('/serviceportal/skip-installment');
    const page = await run(planPage, getRequest('/serviceportal/installment-plan', { Cookie: cookie }), de);
    const { plan, openMinor } = page.data as {
      plan: {
        instalmentCount: number;
        rows: Array<{
          position: number;
          amountMinor: number;
          claimMinor: number;
          remainingMinor: number;
          isFinal: boolean;
          paid: boolean;
          skipped: boolean;
        }>;
      };
      openMinor: number;
    };
    // Seven rates agreed; the skipped one is shown, marked, and is no longer a rate to pay.
    expect(plan.instalmentCount).toBe(7);
    expect(
      plan.rows.map((r) => [r.position, r.amountMinor, r.claimMinor, r.remainingMinor, r.isFinal, r.paid, r.skipped]),
    ).toEqual([
      [1, 150_00, 1_040_10, 890_10, false, true, false],
      [2, 150_00, 890_10, 740_10, false, true, false],
      [3, 150_00, 740_10, 740_10, false, false, true],
      [4, 150_00, 740_10, 590_10, false, false, false],
      [5, 150_00, 590_10, 440_10, false, false, false],
      [6, 150_00, 440_10, 290_10, false, false, false],
      [7, 140_10, 290_10, 150_00, false, false, false],
      [8, 150_00, 150_00, 0, true, false, false],
    ]);
    // The rows still to pay sum to what is open; the dashboard says the same.
    expect(plan.rows.filter((r) => !r.paid && !r.skipped).reduce((s, r) => s + r.amountMinor, 0)).toBe(740_10);
    expect(openMinor).toBe(740_10);
    const { view } = await viewOf('100000002');
    expect(view.remainingPlanMinor).toBe(740_10);
    expect(view.amountToPay).toMatchObject({ kind: 'instalment', amountMinor: 150_00 });

    // The plan in writing after the skip: the seven rates to pay, not the skipped one.
    const sent = await run(
      planAction,
      formRequest('/serviceportal/installment-plan', { recipient: 'stored' }, { Cookie: cookie }),
      de,
    );
    expect(sent.status).toBe(302);
    const file = await fileOf('100000002');
    const [mail] = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'instalmentPlan')));
    const written = mail!.data as { instalmentCount: number; rows: Array<{ position: number }> };
    expect(written.instalmentCount).toBe(7);
    expect(written.rows.map((r) => r.position)).toEqual([1, 2, 4, 5, 6, 7, 8]);
  });
});

describe('finding 5: "as of" dates are never in the future', () => {
  it.each(
    demoCatalogue
      .filter((f) => !['100000007', '100000009'].includes(f.refno))
      .map((f) => [f.refno, f.subcase ?? 1, f.variant] as const),
  )('%s-%i (%s): today in the variant’s time zone', async (refno, subcase, variant) => {
    const params = { portal: variants[variant].basePath.slice(1) };
    const { view } = await viewOf(refno, subcase, params);
    expect(view.asOf).toBe(todayForVariant(variant));
  });

  it('a running plan’s label may name its next due date, the "as of" date stays today (100000011)', async () => {
    const { view } = await viewOf('100000011');
    expect(view.status.date > todayForVariant('de')).toBe(true);
    expect(view.asOf).toBe(todayForVariant('de'));
  });
});

describe('finding 7: "to pay now" never contradicts the status', () => {
  it('direct debit running (100000011): nothing to pay now', async () => {
    const { view } = await viewOf('100000011');
    expect(view.status.labelKey).toBe('status.sepaActive');
    expect(view.amountToPay).toMatchObject({ kind: 'nothing', amountMinor: 0, situation: 'sepaActive' });
  });

  it('payment noted (100000010-2): nothing to pay now', async () => {
    const { view } = await viewOf('100000010', 2);
    expect(view.status.labelKey).toBe('status.paymentNoted');
    expect(view.amountToPay.kind).toBe('nothing');
  });

  it('objection under review: nothing to pay now, whatever the plan says', async () => {
    const file = await fileOf('100000005');
    await database.db.update(t.files).set({ disputedAt: new Date() }).where(eq(t.files.id, file.id));
    const { view } = await viewOf('100000005');
    expect(view.status.labelKey).toBe('status.disputed');
    expect(view.amountToPay).toMatchObject({ kind: 'nothing', situation: 'disputed' });
    await database.db.update(t.files).set({ disputedAt: null }).where(eq(t.files.id, file.id));
    expect((await viewOf('100000005')).view.amountToPay).toMatchObject({ kind: 'deposit', amountMinor: 150_00 });
  });
});

describe('finding 8: a running plan shows what is really open (100000011)', () => {
  it('the plan page names the open amount today beside the claim when the plan was agreed', async () => {
    const page = await run(
      planPage,
      getRequest('/serviceportal/installment-plan', { Cookie: await cookieFor('100000011') }),
      de,
    );
    const d = page.data as { openMinor: number; paidMinor: number; plan: { residualClaimMinor: number } };
    const file = await fileOf('100000011');
    expect(d.openMinor).toBe(file.totalMinor);
    expect(d.openMinor).toBe(1_007_40);
    expect(d.paidMinor).toBe(100_00);
    expect(d.plan.residualClaimMinor).toBe(1_107_40);
  });
});

describe('finding 10: the instalment page names one set of limits from the server', () => {
  it('the example is never below the minimum (100000012: minimum with proof 33.00, regular 66.00)', async () => {
    const page = await run(
      payInstalmentsPage,
      getRequest('/serviceportal/checkout/pay-installments', { Cookie: await cookieFor('100000012') }),
      de,
    );
    const { limits } = page.data as {
      limits: { absoluteMinMinor: number; regularMinMinor: number; maxMinor: number; exampleMinor: number };
    };
    expect(limits).toEqual({ absoluteMinMinor: 33_00, regularMinMinor: 66_00, maxMinor: 787_50, exampleMinor: 70_00 });
    const tooLow = await run(
      payInstalments,
      formRequest(
        '/serviceportal/checkout/pay-installments',
        { intent: 'amount', monthly: '32,99' },
        { Cookie: await cookieFor('100000012') },
      ),
      de,
    );
    expect((tooLow.data as { result: { error: Record<string, string[]> } }).result.error.monthly).toEqual([
      'errors.tooLow',
    ]);
  });

  it('every language names the example, the minimum, the regular minimum and the maximum in the hint', () => {
    for (const language of ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv']) {
      const texts = JSON.parse(readFileSync(path.join('locales', language, 'instalments.json'), 'utf8')) as {
        amount: { hint: string };
        errors: { amountFormat: string };
      };
      for (const slot of ['{{example}}', '{{min}}', '{{regular}}', '{{max}}'])
        expect(texts.amount.hint).toContain(slot);
      expect(texts.errors.amountFormat).toContain('{{example}}');
      expect(texts.errors.amountFormat).not.toMatch(/50[.,]00/);
    }
  });
});

describe('finding 11: the special offer (100000008) names its deadline and the whole claim it settles', () => {
  it('on the dashboard, in the modal and on the checkout', async () => {
    const { view, modals } = await viewOf('100000008');
    // The seed writes the offer's day in UTC (isoDate in server/db/seed.ts), whatever the hour in Berlin.
    // The seed dates the offer from the agency's calendar day (server/db/seed.ts), not the UTC day.
    const seededOn = new Date(`${todayForVariant('de')}T00:00:00Z`);
    const validTill = new Date(seededOn.getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(view.specialOffer).toEqual({ amountMinor: 540_00, validTill, settlesMinor: 772_60 });
    expect(modals.find((m) => m.kind === 'specialOffer')?.offer).toMatchObject({ validTill, settlesMinor: 772_60 });
    const page = await run(
      payDirectPage,
      getRequest('/serviceportal/checkout/pay-direct?offer=true', { Cookie: await cookieFor('100000008') }),
      de,
    );
    expect(page.data).toMatchObject({
      purpose: 'specialOffer',
      amountMinor: 540_00,
      offer: { validTill, settlesMinor: 772_60 },
    });
  });
});

describe('finding 12: SEPA direct debit per variant (decision 027)', () => {
  const at = { portal: 'serviceportal-at' };
  it('Austria offers no direct debit: not on the page, refused by the server for a plan and for pay later', async () => {
    const cookie = await cookieFor('200000001');
    const page = await run(
      payInstalmentsPage,
      getRequest('/serviceportal-at/checkout/pay-installments', { Cookie: cookie }),
      at,
    );
    expect(page.data).toMatchObject({ sepaOffered: false, creditorId: '' });
    const first = todayForVariant('at', new Date(Date.now() + 10 * 86_400_000));
    const plan = await run(
      payInstalments,
      formRequest(
        `/serviceportal-at/checkout/pay-installments?step=method&monthly=10000&first=${first}`,
        { intent: 'method', method: '3', agree: 'on' },
        { Cookie: cookie },
      ),
      at,
    );
    expect(plan.status).toBe(400);
    expect((plan.data as { result: { error: Record<string, string[]> } }).result.error.method).toEqual([
      'errors.methodUnavailable',
    ]);
    const later = await run(
      payLater,
      formRequest(
        '/serviceportal-at/checkout/pay-later',
        { intent: 'notice', noticeDays: '30', method: '3' },
        { Cookie: cookie },
      ),
      at,
    );
    expect(later.status).toBe(400);
    expect(
      (await run(payLaterPage, getRequest('/serviceportal-at/checkout/pay-later', { Cookie: cookie }), at)).data,
    ).toMatchObject({ sepaOffered: false });
    const file = await fileOf('200000001');
    expect(
      await database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, file.id)),
    ).toHaveLength(0);
  });

  it('Germany offers it with the German creditor id and refuses an Austrian IBAN', async () => {
    const cookie = await cookieFor('100000008');
    const page = await run(
      payInstalmentsPage,
      getRequest('/serviceportal/checkout/pay-installments', { Cookie: cookie }),
      de,
    );
    expect(page.data).toMatchObject({ sepaOffered: true, creditorId: 'DE98ZZZ09999999999' });
    const first = todayForVariant('de', new Date(Date.now() + 10 * 86_400_000));
    const austrian = await run(
      payInstalments,
      formRequest(
        `/serviceportal/checkout/pay-installments?step=mandate&monthly=10000&first=${first}&method=3`,
        {
          intent: 'mandate',
          accountHolder: 'Claudia Neumann',
          iban: 'AT611904300234573201',
          postalCode: '94032',
          mandateConsent: 'on',
        },
        { Cookie: cookie },
      ),
      de,
    );
    expect(austrian.status).toBe(400);
    expect((austrian.data as { result: { error: Record<string, string[]> } }).result.error.iban).toEqual([
      'errors.ibanNotGerman',
    ]);
  });
});

describe('finding 3: the claim information lists a charged fee with its reason', () => {
  it('after a plan, the instalment fee is a cost line of the claim (100000001 copy in the plan test above)', async () => {
    const page = await run(
      claimInformation,
      getRequest('/serviceportal/claim-information', { Cookie: await cookieFor('100000001') }),
      de,
    );
    const d = page.data as {
      info: { costs: Array<{ kind: string; amountMinor: number }> };
      feeNotes: Record<string, string | null>;
    };
    expect(d.info.costs).toContainEqual(expect.objectContaining({ kind: 'instalmentFee', amountMinor: 36_05 }));
    expect(d.feeNotes.instalmentFee).toBe('fees.statutory.instalmentFee');
  });
});
