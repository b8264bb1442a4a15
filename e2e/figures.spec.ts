/**
 * Issue 11: every figure a debtor sees agrees with the others. Two journeys on their own copies of
 * 100000001 (e2e/support/fixtures.ts): a plan of 50 €/month is agreed, a rate is skipped and every
 * row of the plan and the dashboard is checked; a plan is agreed and the entire remaining claim is
 * paid, fee included, which settles the file. Then the dashboard of every demo file on a phone.
 */
import { expect, test, type Page } from './helpers/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshot, screenshots } from './helpers/screenshots';
import { signInByRequest } from './helpers/auth';
import { agencyDaysSince, anyOf, portalPath, seedIso, text, variants, waitForHydration } from './helpers/portal';

test.describe.configure({ mode: 'parallel', retries: 0 });

const de = variants.de;
const password = 'Demo-Pass1';
const ti = (key: string) => text('de', key, 'instalments');
const td = (key: string) => text('de', key, 'dashboard');
const co = (key: string) => text('de', key, 'checkout');
const sb = (key: string) => text('de', key, 'sandbox');

const euro = (minor: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(minor / 100);
const dateDe = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

async function check(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await screenshots(page, 'figures', name);
}

/** Agrees 50.00 EUR a month by bank transfer from the pages, first rate in ten days. */
async function agreePlan(page: Page, first: string) {
  await page.goto(portalPath(de, '/checkout/pay-installments'));
  await waitForHydration(page);
  const amount = page.getByLabel(ti('amount.label'), { exact: true });
  await amount.fill('50');
  await amount.press('Enter');
  await expect(page).toHaveURL(/step=date/);
  await page.getByLabel(ti('date.label'), { exact: true }).fill(first);
  await page.getByRole('button', { name: ti('next'), exact: true }).click();
  await expect(page).toHaveURL(/step=overview/);
  // The fee is explained where it appears.
  await expect(page.getByTestId('fee-note')).toContainText('36,05');
  await page.getByRole('link', { name: ti('next'), exact: true }).click();
  await page.getByRole('radio', { name: new RegExp(ti('method.transfer')) }).check();
  await page.getByRole('checkbox', { name: ti('method.agree') }).check();
  await page.getByRole('button', { name: ti('method.submit') }).click();
  await expect(page).toHaveURL(/step=summary/);
}

test('a plan of 50 €/month (a copy of 100000001), rate 1 skipped: every row of the plan and the dashboard agree', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByRequest(page, { refno: '170000001', password });
  // Ten days after the agency day the demo files were seeded on, whatever this machine's clock says.
  const first = seedIso(10);
  await agreePlan(page, first);

  await page.goto(portalPath(de, '/skip-installment'));
  await waitForHydration(page);
  await page.getByRole('checkbox', { name: ti('skip.confirm').replace('{{position}}', '1') }).check();
  await page.getByRole('button', { name: ti('skip.submit') }).click();
  await expect(page.getByTestId('skip-confirmation')).toBeVisible();

  // 623.89 EUR = 12 × 50.00 + 23.89; rate 1 moves behind rate 13 as rate 14.
  const expected: Array<{
    position: string;
    dueOn: string;
    amount: number;
    claim: number;
    remaining: number;
    state: string;
  }> = [];
  let claim = 623_89;
  expected.push({ position: '1', dueOn: first, amount: 50_00, claim, remaining: claim, state: ti('table.skipped') });
  for (let i = 2; i <= 13; i++) {
    const amount = i === 13 ? 23_89 : 50_00;
    expected.push({
      position: String(i),
      dueOn: addMonths(first, i - 1),
      amount,
      claim,
      remaining: claim - amount,
      state: ti('table.open'),
    });
    claim -= amount;
  }
  expected.push({
    position: ti('table.final').replace('{{position}}', '14'),
    dueOn: addMonths(first, 13),
    amount: 50_00,
    claim,
    remaining: 0,
    state: ti('table.open'),
  });
  expect(claim).toBe(50_00);

  await page.goto(portalPath(de, '/installment-plan'));
  await waitForHydration(page);
  await expect(page.getByTestId('plan-open')).toHaveText(euro(623_89));
  const rows = page.locator('.plan-table tbody tr');
  await expect(rows).toHaveCount(14);
  for (const [index, row] of expected.entries()) {
    await expect(rows.nth(index).locator('td')).toHaveText([
      row.position,
      dateDe(row.dueOn),
      euro(row.amount),
      euro(row.claim),
      euro(row.remaining),
      row.state,
    ]);
  }
  await check(page, 'plan-after-skip');

  const dashboardAskedAt = new Date();
  await page.goto(portalPath(de, '/dashboard'));
  await waitForHydration(page);
  await expect(page.getByTestId('open-amount')).toHaveText(euro(623_89));
  await expect(page.getByTestId('due-now')).toContainText(euro(50_00));
  const next = page.getByRole('region', { name: td('next.title') });
  await expect(next.locator('dd')).toHaveText([
    new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${addMonths(first, 1)}T12:00:00Z`),
    ),
    euro(50_00),
    euro(623_89),
  ]);
  // "As of" is the server's today when it rendered: the day this page was asked for, or the next.
  await expect(page.getByTestId('as-of')).toHaveText(
    anyOf(
      agencyDaysSince(dashboardAskedAt).map(
        (day) => `Stand: ${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(day)}`,
      ),
    ),
  );
  await check(page, 'dashboard-after-skip');
});

test('the entire remaining claim of a running plan (a copy of 100000001) is paid with the instalment fee and settles the file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByRequest(page, { refno: '180000001', password });
  await agreePlan(page, seedIso(10));

  await page.goto(portalPath(de, '/dashboard'));
  await waitForHydration(page);
  await expect(page.getByTestId('open-amount')).toHaveText(euro(623_89));
  await page.getByRole('link', { name: td('actions.payRemainder') }).click();
  await expect(page.getByRole('heading', { level: 1, name: co('heading.remainder') })).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText(euro(623_89));
  await expect(page.getByTestId('included-fee')).toContainText(euro(36_05));
  await check(page, 'pay-remainder');

  await waitForHydration(page);
  await page.getByRole('radio', { name: new RegExp(co('methods.6.name')) }).check();
  await page.getByRole('button', { name: co('method.continue'), exact: true }).click();
  await expect(page.getByRole('img', { name: /623,89/ })).toBeVisible();
  await page.getByRole('link', { name: co('page.sandboxLink') }).click();
  await page.getByRole('button', { name: sb('transferApprove') }).click();
  await expect(page.getByRole('heading', { level: 1, name: co('done.title') })).toBeVisible();
  await expect(page.getByTestId('status-label')).toHaveText(text('de', 'status.settled', 'claim'));

  await page.goto(portalPath(de, '/dashboard'));
  await waitForHydration(page);
  await expect(page.getByTestId('open-amount')).toHaveText(euro(0));
  await expect(page.getByTestId('due-now')).toHaveCount(0);
  // The fee was paid: it is a cost line of the claim, and the payments cover it.
  await page.goto(portalPath(de, '/claim-information'));
  await waitForHydration(page);
  await expect(
    page.getByRole('row', { name: new RegExp(text('de', 'costKinds.instalmentFee', 'claimInfo')) }).first(),
  ).toContainText(euro(36_05));
  await check(page, 'claim-after-remainder');
});

// Every demo file a debtor can open, on a 390 px phone, in German.
const dashboards: Array<{ refno: string; variant: keyof typeof variants }> = [
  ...[
    '100000001',
    '100000002',
    '100000003',
    '100000004',
    '100000005',
    '100000006',
    '100000008',
    '100000010',
    '100000011',
    '100000012',
    '100000013',
  ].map((refno) => ({ refno, variant: 'de' as const })),
  { refno: '200000001', variant: 'at' },
  { refno: '300000001', variant: 'ch' },
  { refno: '400000001', variant: 'se' },
  { refno: '500000001', variant: 'no' },
  { refno: '600000001', variant: 'paycare' },
];
for (const file of dashboards) {
  test(`dashboard of ${file.refno} on a phone (de)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // German in every variant (each offers it): the language cookie the language menu sets.
    await page.context().addCookies([{ name: 'portal_lang', value: 'de', url: test.info().project.use.baseURL! }]);
    await signInByRequest(page, {
      refno: file.refno,
      password,
      variant: variants[file.variant],
      expectPath: file.refno === '100000010' ? '/claims-list' : '/dashboard',
      land: false,
    });
    await page.goto(portalPath(variants[file.variant], '/dashboard'));
    await waitForHydration(page);
    await expect(page.getByTestId('open-amount')).toBeVisible();
    await screenshot(page, `figures-dashboard-${file.refno}-phone.png`);
  });
}
