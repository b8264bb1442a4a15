/**
 * Issue 10, finding 7 (decision 018): what a reference-only (limited) session may see and do,
 * checked on the server. It gets the payment area; it never sees an e-mail address or a full
 * IBAN, mails go only to the stored address, it lists and opens only the files of the reference
 * number it gave, and the mandate page shows the mandate as it was signed.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { requireDebtor } from '~/lib/auth.server';
import { variants } from '#server/variants/config.ts';
import { action as payDirect } from '~/routes/$portal.checkout.pay-direct';
import {
  action as paymentAction,
  loader as paymentPage,
} from '~/routes/$portal.checkout.pay-direct_.payment.$paymentId';
import { action as claimsAction, loader as claimsList } from '~/routes/$portal.claims-list';
import { action as planAction, loader as planPage } from '~/routes/$portal.installment-plan';
import { loader as mandatePage } from '~/routes/$portal.sepa-mandate';
import { demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const outbox = async (fileId: number, template: string) =>
  database.db
    .select()
    .from(t.mailOutbox)
    .where(and(eq(t.mailOutbox.fileId, fileId), eq(t.mailOutbox.template, template as never)));

describe('/sepa-mandate', () => {
  it('shows a limited session the mandate with a masked IBAN, no holder name and no BIC', async () => {
    const page = await run(
      mandatePage,
      getRequest('/serviceportal/sepa-mandate', { Cookie: await cookieFor('100000011', 'limited') }),
      de,
    );
    const mandate = (
      page.data as {
        mandate: { iban: string; accountHolder: string; bic: string | null; mandateReference: string } | null;
      }
    ).mandate;
    expect(mandate).not.toBeNull();
    expect(mandate!.iban).toBe('DE89 •••• 3000');
    expect(mandate!.bic).toBeNull();
    expect(mandate!.accountHolder).not.toContain('Wolf');
    const json = JSON.stringify(page.data);
    expect(json).not.toMatch(/3704|0532|COBADEFF|Andreas/);
  });

  it('shows a full session the whole mandate', async () => {
    const page = await run(
      mandatePage,
      getRequest('/serviceportal/sepa-mandate', { Cookie: await cookieFor('100000011') }),
      de,
    );
    const mandate = (page.data as { mandate: { iban: string; accountHolder: string; bic: string | null } }).mandate;
    expect(mandate).toMatchObject({
      iban: 'DE89 3704 0044 0532 0130 00',
      accountHolder: 'Andreas Wolf',
      bic: 'COBADEFFXXX',
    });
  });

  it('prints the mandate’s own account, not the debtor’s current one', async () => {
    const file = await fileOf('100000011');
    await database.db
      .update(t.debtors)
      .set({ iban: 'DE02120300000000202051', accountHolder: 'Jemand Anders', bic: 'BYLADEM1001' })
      .where(eq(t.debtors.id, file.debtorId));
    const page = await run(
      mandatePage,
      getRequest('/serviceportal/sepa-mandate', { Cookie: await cookieFor('100000011') }),
      de,
    );
    const mandate = (
      page.data as { mandate: { iban: string; accountHolder: string; mandateReference: string; signedAt: string } }
    ).mandate;
    expect(mandate.iban).toBe('DE89 3704 0044 0532 0130 00');
    expect(mandate.accountHolder).toBe('Andreas Wolf');
    expect(mandate.mandateReference).toMatch(/^CI-100000011-P\d+$/);
    const [stored] = await database.db.select().from(t.sepaMandates).where(eq(t.sepaMandates.fileId, file.id));
    expect(new Date(mandate.signedAt).toISOString()).toBe(stored!.signedAt.toISOString());
  });
});

describe('/installment-plan by e-mail', () => {
  it('never shows a limited session an e-mail address and refuses an address it names', async () => {
    const file = await fileOf('100000002');
    const cookie = await cookieFor('100000002', 'limited');
    const page = await run(planPage, getRequest('/serviceportal/installment-plan', { Cookie: cookie }), de);
    expect(JSON.stringify(page.data)).not.toContain('@');
    expect(page.data).toMatchObject({ full: false, hasStoredAddress: true, email: '' });
    for (const email of ['angreifer@example.net', 'other@example.org']) {
      const refused = await run(
        planAction,
        formRequest('/serviceportal/installment-plan', { email }, { Cookie: cookie }),
        de,
      );
      expect(refused.status).toBe(403);
    }
    expect(
      (await outbox(file.id, 'instalmentPlan')).filter(
        (m) => m.toAddress !== null && !m.toAddress.endsWith('@example.org'),
      ),
    ).toHaveLength(0);
    expect(await outbox(file.id, 'instalmentPlan')).toHaveLength(0);
  });

  it('sends a limited session’s plan to the stored address, without saying which', async () => {
    const file = await fileOf('100000002');
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
    const cookie = await cookieFor('100000002', 'limited');
    const sent = await run(
      planAction,
      formRequest('/serviceportal/installment-plan', { recipient: 'stored' }, { Cookie: cookie }),
      de,
    );
    expect(sent.status).toBe(302);
    const mails = await outbox(file.id, 'instalmentPlan');
    expect(mails.map((m) => m.toAddress)).toEqual([debtor!.email]);
    const after = await run(planPage, getRequest(sent.headers.get('Location')!, { Cookie: cookie }), de);
    expect(after.data).toMatchObject({ sentTo: null, sentToStored: true });
    expect(JSON.stringify(after.data)).not.toContain('@');
  });

  it('lets a full session name any address and shows it', async () => {
    const cookie = await cookieFor('100000002');
    const page = await run(planPage, getRequest('/serviceportal/installment-plan', { Cookie: cookie }), de);
    expect((page.data as { email: string }).email).toMatch(/@/);
    const sent = await run(
      planAction,
      formRequest('/serviceportal/installment-plan', { email: 'steuerberater@example.org' }, { Cookie: cookie }),
      de,
    );
    expect(sent.status).toBe(302);
    const after = await run(planPage, getRequest(sent.headers.get('Location')!, { Cookie: cookie }), de);
    expect(after.data).toMatchObject({ sentTo: 'steuerberater@example.org' });
  });
});

describe('bank-transfer details by e-mail', () => {
  it('a limited session mails them only to the stored address; a full one anywhere', async () => {
    const file = await fileOf('100000004');
    const limited = await cookieFor('100000004', 'limited');
    const created = await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() },
        { Cookie: limited },
      ),
      de,
    );
    const id = created.headers.get('Location')!.split('/').pop()!;
    const params = { ...de, paymentId: id };
    const page = await run(
      paymentPage,
      getRequest(`/serviceportal/checkout/pay-direct/payment/${id}`, { Cookie: limited }),
      params,
    );
    expect(JSON.stringify(page.data)).not.toContain('@');

    const refused = await run(
      paymentAction,
      formRequest(
        `/serviceportal/checkout/pay-direct/payment/${id}`,
        { intent: 'mail', email: 'irgendwer@example.net' },
        { Cookie: limited },
      ),
      params,
    );
    expect(refused.status).toBe(403);
    expect(await outbox(file.id, 'bankTransferDetails')).toHaveLength(0);

    const stored = await run(
      paymentAction,
      formRequest(
        `/serviceportal/checkout/pay-direct/payment/${id}`,
        { intent: 'mail', recipient: 'stored' },
        { Cookie: limited },
      ),
      params,
    );
    expect(stored.data).toMatchObject({ mailed: true });
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
    expect((await outbox(file.id, 'bankTransferDetails')).map((m) => m.toAddress)).toEqual([debtor!.email]);

    const full = await cookieFor('100000004');
    await run(
      paymentAction,
      formRequest(
        `/serviceportal/checkout/pay-direct/payment/${id}`,
        { intent: 'mail', email: 'buchhaltung@example.org' },
        { Cookie: full },
      ),
      params,
    );
    expect((await outbox(file.id, 'bankTransferDetails')).map((m) => m.toAddress)).toContain('buchhaltung@example.org');
  });
});

describe('claims list and switching files', () => {
  it('a limited session lists and opens only files of the reference number it gave', async () => {
    const own = await fileOf('100000010');
    const [other] = await database.db
      .insert(t.files)
      .values({ ...(({ id: _id, totalMinor: _total, ...rest }) => rest)(own), refno: '100000099', subcase: 1 })
      .returning({ id: t.files.id });
    const limited = await cookieFor('100000010', 'limited');
    const list = await run(claimsList, getRequest('/serviceportal/claims-list', { Cookie: limited }), de);
    const cases = (list.data as { cases: Array<{ refno: string; fileId: number }> }).cases;
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.every((c) => c.refno === '100000010')).toBe(true);
    const refused = await run(
      claimsAction,
      formRequest('/serviceportal/claims-list', { fileId: String(other!.id) }, { Cookie: limited }),
      de,
    );
    expect(refused.status).toBe(403);
    const [session] = await database.db.select().from(t.sessions).where(eq(t.sessions.fileId, other!.id));
    expect(session).toBeUndefined();

    const full = await cookieFor('100000010');
    const fullList = await run(claimsList, getRequest('/serviceportal/claims-list', { Cookie: full }), de);
    expect((fullList.data as { cases: Array<{ refno: string }> }).cases.map((c) => c.refno)).toContain('100000099');
    expect(
      (
        await run(
          claimsAction,
          formRequest('/serviceportal/claims-list', { fileId: String(other!.id) }, { Cookie: full }),
          de,
        )
      ).status,
    ).toBe(302);
  });
});

describe('forced password change and the limited level', () => {
  it('lets a limited session of 100000009 use the payment area without being sent to set-password', async () => {
    const cookie = await cookieFor('100000009', 'limited');
    const session = await requireDebtor(getRequest('/serviceportal/dashboard', { Cookie: cookie }), variants.de);
    expect(session.level).toBe('limited');
    const result = await run(
      () =>
        requireDebtor(getRequest('/serviceportal/claim-information', { Cookie: cookie }), variants.de, {
          level: 'full',
        }),
      getRequest('/'),
      de,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal/signin?returnTo=%2Fserviceportal%2Fclaim-information');
  });
});
