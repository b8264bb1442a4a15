import { describe, expect, it } from 'vitest';
import { findSession } from '#server/auth/session.ts';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { action as openCase, loader as claimsList } from '~/routes/$portal.claims-list';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

type View = {
  view: {
    reference: string;
    openAmountMinor: number;
    currency: string;
    status: { labelKey: string };
    flags: Record<string, boolean>;
    amountToPay: { kind: string; amountMinor: number };
  };
};

describe('dashboard', () => {
  it('shows the session’s own file with its status, amount and allowed actions', async () => {
    const result = await run(
      dashboard,
      getRequest('/serviceportal/dashboard', { Cookie: await cookieFor('100000001', 'limited') }),
      params,
    );
    const { view } = result.data as View;
    expect(view.reference).toBe('100000001');
    expect(view.openAmountMinor).toBe(58784);
    expect(view.status.labelKey).toBe('status.open');
    expect(view.flags).toMatchObject({ showPayDirect: true, showPayInstallments: true, showPayLater: true });
  });

  it('shows the down payment first for a file with a pending down payment', async () => {
    const { view } = (
      await run(dashboard, getRequest('/serviceportal/dashboard', { Cookie: await cookieFor('100000003') }), params)
    ).data as View;
    expect(view.amountToPay).toMatchObject({ kind: 'downPayment', amountMinor: 20000 });
  });

  it('sends a Swiss file to the Swiss variant and shows CHF there', async () => {
    const cookie = await cookieFor('300000001');
    const wrongVariant = await run(dashboard, getRequest('/serviceportal/dashboard', { Cookie: cookie }), params);
    expect(wrongVariant.headers.get('Location')).toBe('/serviceportal-ch/dashboard');
    const { view } = (
      await run(dashboard, getRequest('/serviceportal-ch/dashboard', { Cookie: cookie }), {
        portal: 'serviceportal-ch',
      })
    ).data as View;
    expect(view.currency).toBe('CHF');
  });

  it('counts the documents still asked for, only where the upload center is on', async () => {
    const asked = (
      await run(dashboard, getRequest('/serviceportal/dashboard', { Cookie: await cookieFor('100000012') }), params)
    ).data as { outstandingDocuments: number };
    expect(asked.outstandingDocuments).toBe(3);
    const none = (
      await run(dashboard, getRequest('/serviceportal/dashboard', { Cookie: await cookieFor('100000001') }), params)
    ).data as { outstandingDocuments: number };
    expect(none.outstandingDocuments).toBe(0);
  });

  it('needs a session', async () => {
    const result = await run(dashboard, getRequest('/serviceportal/dashboard'), params);
    expect(result.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?action=AZonly&returnTo=/);
  });
});

describe('claims list', () => {
  it('lists the debtor’s three files, never the one under legal blocking', async () => {
    const result = await run(
      claimsList,
      getRequest('/serviceportal/claims-list', { Cookie: await cookieFor('100000010') }),
      params,
    );
    const cases = (result.data as { cases: Array<{ refno: string; subcase: number }> }).cases;
    expect(cases.map((c) => `${c.refno}-${c.subcase}`)).toEqual(['100000010-1', '100000010-2', '100000010-3']);
  });

  it('switches the session to another own file', async () => {
    const cookie = await cookieFor('100000010');
    const target = await fileOf('100000010', 3);
    const result = await run(
      openCase,
      formRequest('/serviceportal/claims-list', { fileId: String(target.id) }, { Cookie: cookie }),
      params,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard');
    const session = await findSession(getRequest('/x', { Cookie: cookie }), database.db);
    expect(session?.fileId).toBe(target.id);
  });

  it('never opens another debtor’s file or a blocked one', async () => {
    const cookie = await cookieFor('100000010');
    for (const other of [await fileOf('100000001'), await fileOf('100000010', 4)]) {
      const result = await run(
        openCase,
        formRequest('/serviceportal/claims-list', { fileId: String(other.id) }, { Cookie: cookie }),
        params,
      );
      expect(result.status).toBe(403);
    }
    const garbage = await run(
      openCase,
      formRequest('/serviceportal/claims-list', { fileId: 'x; drop table files' }, { Cookie: cookie }),
      params,
    );
    expect(garbage.status).toBe(403);
    const session = await findSession(getRequest('/x', { Cookie: cookie }), database.db);
    expect(session?.fileId).toBe((await fileOf('100000010', 1)).id);
  });
});
