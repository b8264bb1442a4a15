/**
 * What one signed-in page view costs the database (issue 16): the statements of every loader
 * Remix runs for the page (root, $portal and the page's own), pinned so that they cannot creep
 * back. Remix hands each loader its own Request and all of them the same load context.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { loader as rootLoader } from '~/root';
import { loader as portalLoader } from '~/routes/$portal';
import { loader as dashboardLoader } from '~/routes/$portal.dashboard';
import { loader as claimInformationLoader } from '~/routes/$portal.claim-information';
import { action as signOut } from '~/routes/$portal.signout';
import { loader as announcePaymentLoader } from '~/routes/$portal.announce-payment';
import { loader as checkoutUnavailableLoader } from '~/routes/$portal.checkout.unavailable';
import { loader as claimsListLoader } from '~/routes/$portal.claims-list';
import { loader as passwordLoader } from '~/routes/$portal.debtor.profile_.password';
import { loader as profileLoader } from '~/routes/$portal.debtor.profile';
import { loader as downloadCenterLoader } from '~/routes/$portal.download-center';
import { loader as customFormLoader } from '~/routes/$portal.download-center_.$customForm';
import { loader as sepaMandateLoader } from '~/routes/$portal.sepa-mandate';
import { loader as contactLoader } from '~/routes/$portal.service.contact';
import { loader as uploadCenterLoader } from '~/routes/$portal.upload-center';
import { loader as payDirectLoader } from '~/routes/$portal.checkout.pay-direct';
import { loader as payInstalmentsLoader } from '~/routes/$portal.checkout.pay-installments/route';
import { loader as payLaterLoader } from '~/routes/$portal.checkout.pay-later';
import { loader as instalmentPlanLoader } from '~/routes/$portal.installment-plan';
import { loader as skipInstalmentLoader } from '~/routes/$portal.skip-installment';
import { context, demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';
import { recordStatements, writes } from '../helpers/statements.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);

type Loader = (args: LoaderFunctionArgs) => unknown;

/** One document request for `path`: the loaders of its matches, side by side, as Remix runs them. */
async function pageView(path: string, page: Loader, cookie: string, pageParams: Record<string, string> = {}) {
  const ctx = context();
  const loaders: Loader[] = [rootLoader, portalLoader, page];
  return Promise.all(
    loaders.map((loader) =>
      run(loader as never, getRequest(`/serviceportal${path}`, { Cookie: cookie }), { ...params, ...pageParams }, ctx),
    ),
  );
}

/** The statements that read or write the sessions table. */
const sessionStatements = (statements: readonly string[]) => statements.filter((s) => /"sessions"/.test(s));

describe('statements per signed-in page view', () => {
  it.each([
    ['dashboard', '/dashboard', dashboardLoader, 'limited'],
    ['claim information', '/claim-information', claimInformationLoader, 'full'],
  ] as const)('%s: two statements, no write within the minute', async (_name, path, page, level) => {
    const cookie = await cookieFor('100000001', level);
    // The first view after sign-in may write the session's activity; the next ones within the minute must not.
    await pageView(path, page as Loader, cookie);
    const { result, statements } = await recordStatements(database.db, () => pageView(path, page as Loader, cookie));
    expect(result.map((r) => r.status)).toEqual([200, 200, 200]);
    // The session (read once for root and page) and the file with all the page shows, in one statement.
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect(writes(statements)).toEqual([]);
  });

  it('dashboard of a file with a plan, modals and requested documents: still two', async () => {
    for (const refno of ['100000002', '100000003', '100000012']) {
      const cookie = await cookieFor(refno, 'full');
      await pageView('/dashboard', dashboardLoader as Loader, cookie);
      const { result, statements } = await recordStatements(database.db, () =>
        pageView('/dashboard', dashboardLoader as Loader, cookie),
      );
      expect(result[2]!.status, refno).toBe(200);
      expect(statements, `${refno}\n${statements.join('\n')}`).toHaveLength(2);
    }
  });
});

describe('one read of the session per page view on the other signed-in pages', () => {
  it.each([
    ['announce a payment', '/announce-payment', announcePaymentLoader, '100000001', {}],
    ['checkout unavailable', '/checkout/unavailable', checkoutUnavailableLoader, '100000001', {}],
    ['claims list', '/claims-list', claimsListLoader, '100000010', {}],
    ['profile', '/debtor/profile', profileLoader, '100000001', {}],
    ['password', '/debtor/profile/password', passwordLoader, '100000001', {}],
    ['download center', '/download-center', downloadCenterLoader, '100000001', {}],
    [
      'a form of the download center',
      '/download-center/identity-theft',
      customFormLoader,
      '100000001',
      { customForm: 'identity-theft' },
    ],
    ['SEPA mandate', '/sepa-mandate', sepaMandateLoader, '100000011', {}],
    ['contact', '/service/contact', contactLoader, '100000001', {}],
    ['upload center', '/upload-center', uploadCenterLoader, '100000012', {}],
    ['pay at once', '/checkout/pay-direct', payDirectLoader, '100000001', {}],
    ['pay in instalments', '/checkout/pay-installments', payInstalmentsLoader, '100000001', {}],
    ['pay later', '/checkout/pay-later', payLaterLoader, '100000001', {}],
    ['the running plan', '/installment-plan', instalmentPlanLoader, '100000002', {}],
    ['skip an instalment', '/skip-installment', skipInstalmentLoader, '100000002', {}],
  ] as const)('%s', async (_name, path, page, refno, pageParams) => {
    const cookie = await cookieFor(refno, 'full');
    await pageView(path, page as Loader, cookie, pageParams);
    const { result, statements } = await recordStatements(database.db, () =>
      pageView(path, page as Loader, cookie, pageParams),
    );
    expect(result[2]!.status, `${path} answers`).toBeLessThan(400);
    expect(sessionStatements(statements), statements.join('\n')).toHaveLength(1);
    expect(writes(statements)).toEqual([]);
  });
});

describe('the session shared by the loaders of one page view', () => {
  it('is read afresh by the loaders that follow an action in the same context (sign-out)', async () => {
    const cookie = await cookieFor('100000001', 'full');
    const ctx = context();
    const out = await run(signOut as never, formRequest('/serviceportal/signout', {}, { Cookie: cookie }), params, ctx);
    expect(out.status).toBe(302);
    // Remix runs the loaders after a document POST with a GET request of their own, same context.
    const root = await run(rootLoader as never, getRequest('/serviceportal/signin', { Cookie: cookie }), params, ctx);
    expect((root.data as { auth: { level: string } }).auth.level).toBe('none');
  });

  it('is not shared across page views: a session ended between two views is gone for the second', async () => {
    const cookie = await cookieFor('100000001', 'full');
    const first = await pageView('/dashboard', dashboardLoader as Loader, cookie);
    expect(first[2]!.status).toBe(200);
    await run(signOut as never, formRequest('/serviceportal/signout', {}, { Cookie: cookie }), params);
    const second = await pageView('/dashboard', dashboardLoader as Loader, cookie);
    expect((second[0]!.data as { auth: { level: string } }).auth.level).toBe('none');
    expect(second[2]!.status).toBe(302);
  });
});
