/**
 * Every demo file through the dashboard and claim-information loaders (issue 4, "loader tests
 * per demo file"): each answers in its own variant and currency with a breakdown that adds up;
 * the forced password change goes to set-password first.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimInformation } from '#server/claims/information.ts';
import { demoFiles as catalogue } from '#server/demo/catalogue.ts';
import { variants } from '#server/variants/config.ts';
import { loader as claimInformation } from '~/routes/$portal.claim-information';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { demoFiles, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);

describe.each(catalogue)('demo file $refno ($variant)', ({ refno, subcase, variant: variantId }) => {
  const variant = variants[variantId];
  const portal = variant.basePath.slice(1);

  it('dashboard and claim information answer in the file’s variant and currency', async () => {
    const cookie = await cookieFor(refno, 'full', subcase ?? 1);
    const board = await run(dashboard, getRequest(`${variant.basePath}/dashboard`, { Cookie: cookie }), { portal });
    const info = await run(claimInformation, getRequest(`${variant.basePath}/claim-information`, { Cookie: cookie }), {
      portal,
    });
    if (refno === '100000009') {
      // A forced password change comes before anything else (spec 2.3).
      expect(board.headers.get('Location')).toBe(`${variant.basePath}/signin/set-password`);
      expect(info.headers.get('Location')).toBe(`${variant.basePath}/signin/set-password`);
      return;
    }
    expect(board.status).toBe(200);
    const view = (board.data as { view: { reference: string; currency: string; openAmountMinor: number } }).view;
    expect(view.reference).toBe(subcase && subcase > 1 ? `${refno}-${subcase}` : refno);
    expect(view.currency).toBe(variant.currency);

    expect(info.status).toBe(200);
    const { breakdown, costs, currency } = (info.data as { info: ClaimInformation }).info;
    expect(currency).toBe(variant.currency);
    expect(breakdown.totalMinor).toBe(
      breakdown.mainClaimMinor + breakdown.interestMinor + breakdown.costsMinor - breakdown.paymentsMinor,
    );
    expect(breakdown.totalMinor).toBe(view.openAmountMinor);
    expect(costs.reduce((sum, c) => sum + c.amountMinor, 0)).toBe(breakdown.costsMinor);
  });
});
