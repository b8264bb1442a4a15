/**
 * What a debtor's page shows of what the agency set, read through the page's own loader with the
 * file's debtor signed in (full login): the agency tests check the debtor's side with it.
 */
import { expect } from 'vitest';
import type { PendingModal } from '#server/claims/modals.ts';
import type { Database } from '#server/db/client.ts';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { demoFiles, getRequest, run } from './routes.ts';

export interface DashboardSeen {
  view: {
    specialOffer: { amountMinor: number; validTill: string; settlesMinor: number } | null;
    amountToPay: { kind: string; amountMinor: number };
  };
  modals: PendingModal[];
  outstandingDocuments: number;
}

/** The debtor's dashboard of file `reference` as the loader answers it. */
export async function dashboardOf(db: Database, reference: string): Promise<DashboardSeen> {
  const { cookieFor } = demoFiles({ db });
  const page = await run(dashboard, getRequest('/serviceportal/dashboard', { Cookie: await cookieFor(reference) }), {
    portal: 'serviceportal',
  });
  expect(page.status).toBe(200);
  return page.data as DashboardSeen;
}
