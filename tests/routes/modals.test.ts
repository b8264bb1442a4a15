/**
 * The modals of section 2.4 through their routes: the dashboard loader lists them, the /modals
 * resource route and the dashboard's own action take the answers, always for the session's
 * file only, and every answer is audited.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { action as dashboardAction, loader as dashboard } from '~/routes/$portal.dashboard';
import { action as modalsAction } from '~/routes/$portal.modals';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

async function modalsOf(refno: string) {
  const file = await fileOf(refno);
  return database.db.select().from(t.modals).where(eq(t.modals.fileId, file.id)).orderBy(t.modals.orderNo, t.modals.id);
}
async function modalOf(refno: string, kind: (typeof t.modalKinds)[number]) {
  return (await modalsOf(refno)).find((m) => m.kind === kind)!;
}
async function lastAudit(fileId: number) {
  const [row] = await database.db
    .select()
    .from(t.auditLog)
    .where(eq(t.auditLog.fileId, fileId))
    .orderBy(desc(t.auditLog.id))
    .limit(1);
  return row;
}
type Pending = Array<{
  ref: string;
  kind: string;
  offer: { amountMinor: number; currency: string; validTill: string } | null;
}>;
async function pendingFor(cookie: string) {
  const result = await run(dashboard, getRequest('/serviceportal/dashboard', { Cookie: cookie }), params);
  return result.data as { modals: Pending; view: { amountToPay: { kind: string; amountMinor: number } } };
}
/** What the action answered: the resource route sends a Response, the dashboard's action data. */
async function answerOf(result: Awaited<ReturnType<typeof run>>): Promise<unknown> {
  return result.response ? result.response.clone().json() : result.data;
}
const post = (
  fn: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  cookie: string,
) => run(fn, formRequest(path, fields, { Cookie: cookie }), params);

describe('modals on the dashboard', () => {
  it('lists the file’s modals by orderNo with the offer in the file’s currency (100000008)', async () => {
    const { modals, view } = await pendingFor(await cookieFor('100000008'));
    expect(modals.map((m) => m.kind)).toEqual(['floodArea', 'specialOffer']);
    expect(modals[1]!.offer).toMatchObject({ amountMinor: 54000, currency: 'EUR' });
    expect(view.amountToPay).toMatchObject({ kind: 'specialDeal', amountMinor: 54000 });
  });

  it('lists e-mail capture, redirect and delivery-costs notices (100000013)', async () => {
    const { modals } = await pendingFor(await cookieFor('100000013'));
    expect(modals.map((m) => m.kind)).toEqual(['emailCapture', 'redirectNotice', 'deliveryCosts']);
  });

  it('shows only notices to a reference-only session', async () => {
    const { modals } = await pendingFor(await cookieFor('100000008', 'limited'));
    expect(modals.map((m) => m.kind)).toEqual(['floodArea']);
  });
});

describe('acknowledging a notice', () => {
  it('acknowledges for good, redirects back and audits', async () => {
    const cookie = await cookieFor('100000008');
    const flood = await modalOf('100000008', 'floodArea');
    const result = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acknowledge', modal: String(flood.id) },
      cookie,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard');
    const stored = await modalOf('100000008', 'floodArea');
    expect(stored.acknowledgedAt).not.toBeNull();
    expect(stored.response).toBe('acknowledged');
    expect((await lastAudit(flood.fileId))?.action).toBe('modal.acknowledged');
    // A new session of the same debtor does not see it again.
    expect((await pendingFor(await cookieFor('100000008'))).modals.map((m) => m.kind)).toEqual(['specialOffer']);
    // Sending it twice changes nothing.
    const again = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acknowledge', modal: String(flood.id) },
      cookie,
    );
    expect(again.status).toBe(302);
    expect((await modalOf('100000008', 'floodArea')).acknowledgedAt).toEqual(stored.acknowledgedAt);
  });

  it('goes back to a returnTo inside the variant, never elsewhere', async () => {
    const cookie = await cookieFor('100000013');
    const notice = await modalOf('100000013', 'deliveryCosts');
    const elsewhere = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acknowledge', modal: String(notice.id), returnTo: '//evil.example/x' },
      cookie,
    );
    expect(elsewhere.headers.get('Location')).toBe('/serviceportal/dashboard');
  });

  it('refuses another debtor’s modal and audits the attempt', async () => {
    const cookie = await cookieFor('100000001');
    const own = await fileOf('100000001');
    const foreign = await modalOf('100000013', 'redirectNotice');
    for (const fn of [modalsAction, dashboardAction]) {
      const result = await post(
        fn,
        '/serviceportal/modals',
        { intent: 'acknowledge', modal: String(foreign.id) },
        cookie,
      );
      expect(result.status).toBe(403);
      expect(await answerOf(result)).toEqual({ modalError: 'notFound' });
    }
    expect((await modalOf('100000013', 'redirectNotice')).acknowledgedAt).toBeNull();
    const entry = await lastAudit(own.id);
    expect(entry?.action).toBe('modal.acknowledge.refused');
    expect(entry?.detail).toMatchObject({ reason: 'notFound', modal: String(foreign.id) });
  });

  it('answers refusals of the /modals resource route as responses with their own status', async () => {
    // A resource route's data() would go out as JSON with status 200 (finding 10 of issue 10).
    const cookie = await cookieFor('100000001');
    const foreign = await modalOf('100000013', 'redirectNotice');
    const refused = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acknowledge', modal: String(foreign.id) },
      cookie,
    );
    expect(refused.response).toBeInstanceOf(Response);
    expect(refused.response!.status).toBe(403);
    expect(await refused.response!.json()).toEqual({ modalError: 'notFound' });
    const garbage = await post(modalsAction, '/serviceportal/modals', { intent: 'nonsense' }, cookie);
    expect(garbage.response?.status).toBe(400);
    expect(await garbage.response!.json()).toEqual({ modalError: 'invalid' });
  });

  it('refuses garbage and a rule that does not apply', async () => {
    const cookie = await cookieFor('100000001');
    for (const modal of ['x; drop table modals', 'rule:floodArea', '999999']) {
      const result = await post(modalsAction, '/serviceportal/modals', { intent: 'acknowledge', modal }, cookie);
      expect(result.status, modal).toBeGreaterThanOrEqual(400);
    }
    const unknownIntent = await post(modalsAction, '/serviceportal/modals', { intent: 'explode', modal: '1' }, cookie);
    expect(unknownIntent.status).toBe(400);
  });

  it('never takes an offer by acknowledging it', async () => {
    const cookie = await cookieFor('100000008');
    const offer = await modalOf('100000008', 'specialOffer');
    const result = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acknowledge', modal: String(offer.id) },
      cookie,
    );
    expect(result.status).toBe(403);
    expect((await modalOf('100000008', 'specialOffer')).acknowledgedAt).toBeNull();
  });

  it('acknowledges a rule-based flood notice by writing an acknowledged row', async () => {
    const file = await fileOf('100000001');
    await database.db.update(t.debtors).set({ inFloodedArea: true }).where(eq(t.debtors.id, file.debtorId));
    try {
      const cookie = await cookieFor('100000001');
      expect((await pendingFor(cookie)).modals.map((m) => m.ref)).toEqual(['rule:floodArea']);
      const result = await post(
        modalsAction,
        '/serviceportal/modals',
        { intent: 'acknowledge', modal: 'rule:floodArea' },
        cookie,
      );
      expect(result.status).toBe(302);
      expect((await pendingFor(cookie)).modals).toEqual([]);
      expect((await modalsOf('100000001')).map((m) => [m.kind, m.response])).toEqual([['floodArea', 'acknowledged']]);
    } finally {
      await database.db.update(t.debtors).set({ inFloodedArea: false }).where(eq(t.debtors.id, file.debtorId));
    }
  });
});

describe('e-mail capture (AddEmailIfNotExists)', () => {
  it('answers a bad address with 400, the field error and what was typed; nothing stored', async () => {
    const cookie = await cookieFor('100000013');
    const capture = await modalOf('100000013', 'emailCapture');
    for (const fn of [dashboardAction, modalsAction]) {
      const result = await post(
        fn,
        '/serviceportal/dashboard',
        { intent: 'captureEmail', modal: String(capture.id), email: 'kerstin.braun@' },
        cookie,
      );
      expect(result.status).toBe(400);
      const reply = (
        (await answerOf(result)) as {
          modalForm: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
        }
      ).modalForm.result;
      expect(reply.error.email).toEqual(['modals:emailCapture.errors.invalid']);
      expect(reply.initialValue.email).toBe('kerstin.braun@');
    }
    const file = await fileOf('100000013');
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
    expect(debtor?.email).toBeNull();
  });

  it('needs a full login to store an address', async () => {
    const capture = await modalOf('100000013', 'emailCapture');
    const result = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'captureEmail', modal: String(capture.id), email: 'someone@example.org' },
      await cookieFor('100000013', 'limited'),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?returnTo=/);
  });

  it('refuses to store an address through another file’s modal', async () => {
    const capture = await modalOf('100000013', 'emailCapture');
    const result = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'captureEmail', modal: String(capture.id), email: 'attacker@example.org' },
      await cookieFor('100000001'),
    );
    expect(result.status).toBe(403);
    const [debtor] = await database.db
      .select()
      .from(t.debtors)
      .where(eq(t.debtors.id, (await fileOf('100000013')).debtorId));
    expect(debtor?.email).toBeNull();
  });

  it('stores a valid address once, answers the modal and never overwrites an address', async () => {
    const cookie = await cookieFor('100000013');
    const capture = await modalOf('100000013', 'emailCapture');
    const result = await post(
      dashboardAction,
      '/serviceportal/dashboard',
      { intent: 'captureEmail', modal: String(capture.id), email: ' Kerstin.Braun@example.org ' },
      cookie,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard?done=emailStored');
    const file = await fileOf('100000013');
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
    expect(debtor).toMatchObject({ email: 'Kerstin.Braun@example.org', emailSetOnce: true });
    expect((await modalOf('100000013', 'emailCapture')).response).toBe('emailStored');
    expect((await lastAudit(file.id))?.action).toBe('email.capture.stored');
    // (The delivery-costs notice was acknowledged above.)
    expect((await pendingFor(cookie)).modals.map((m) => m.kind)).toEqual(['redirectNotice']);
    // A second address never replaces the first.
    const again = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'captureEmail', modal: String(capture.id), email: 'other@example.com' },
      cookie,
    );
    expect(again.headers.get('Location')).toBe('/serviceportal/dashboard?done=emailAlreadyOnFile');
    const [unchanged] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
    expect(unchanged?.email).toBe('Kerstin.Braun@example.org');
    // The audit never holds the address in clear.
    const entries = await database.db.select().from(t.auditLog).where(eq(t.auditLog.fileId, file.id));
    expect(JSON.stringify(entries)).not.toContain('example.org');
  });

  it('"continue without e-mail" answers the modal without an address', async () => {
    // A debtor of another demo file without an address and a capture modal of its own.
    const file = await fileOf('100000004');
    await database.db.update(t.debtors).set({ email: null }).where(eq(t.debtors.id, file.debtorId));
    const [row] = await database.db
      .insert(t.modals)
      .values({ fileId: file.id, kind: 'emailCapture', orderNo: 1 })
      .returning();
    const cookie = await cookieFor('100000004');
    const result = await post(
      dashboardAction,
      '/serviceportal/dashboard',
      { intent: 'continueWithoutEmail', modal: String(row!.id) },
      cookie,
    );
    expect(result.status).toBe(302);
    expect((await modalOf('100000004', 'emailCapture')).response).toBe('continuedWithoutEmail');
    expect((await lastAudit(file.id))?.action).toBe('email.capture.skipped');
    expect((await pendingFor(cookie)).modals).toEqual([]);
  });
});

describe('special settlement offer', () => {
  it('refuses an answer from another debtor', async () => {
    const offer = await modalOf('100000008', 'specialOffer');
    const result = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acceptOffer', modal: String(offer.id) },
      await cookieFor('100000001'),
    );
    expect(result.status).toBe(403);
    const [stored] = await database.db.select().from(t.specialOffers).where(eq(t.specialOffers.fileId, offer.fileId));
    expect(stored?.acceptedAt).toBeNull();
  });

  it('decline is recorded and the amount to pay is the open amount again', async () => {
    const cookie = await cookieFor('100000008');
    const offer = await modalOf('100000008', 'specialOffer');
    const result = await post(
      dashboardAction,
      '/serviceportal/dashboard',
      { intent: 'declineOffer', modal: String(offer.id) },
      cookie,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard?done=offerDeclined');
    const [stored] = await database.db.select().from(t.specialOffers).where(eq(t.specialOffers.fileId, offer.fileId));
    expect(stored?.declinedAt).not.toBeNull();
    expect((await modalOf('100000008', 'specialOffer')).response).toBe('declined');
    expect((await lastAudit(offer.fileId))?.action).toBe('specialOffer.declined');
    const { modals, view } = await pendingFor(cookie);
    expect(modals).toEqual([]);
    expect(view.amountToPay.kind).toBe('openAmount');
    // Declined is final: accepting afterwards is refused.
    const late = await post(
      modalsAction,
      '/serviceportal/modals',
      { intent: 'acceptOffer', modal: String(offer.id) },
      cookie,
    );
    expect(late.status).toBe(409);
  });

  it('accept records the acceptance and a portal order, then leads into paying the offer', async () => {
    // A fresh offer on another open file.
    const file = await fileOf('100000005');
    await database.db.insert(t.specialOffers).values({ fileId: file.id, amountMinor: 70000, validTill: '2999-12-31' });
    const [row] = await database.db
      .insert(t.modals)
      .values({ fileId: file.id, kind: 'specialOffer', orderNo: 1 })
      .returning();
    const cookie = await cookieFor('100000005');
    const result = await run(
      modalsAction,
      formRequest('/serviceportal/modals', { intent: 'acceptOffer', modal: String(row!.id) }, { Cookie: cookie }),
      params,
      {
        cspNonce: 'n',
        clientAddress: '198.51.100.23',
        requestId: 't',
      },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/serviceportal/checkout/pay-direct?offer=true');
    const [offer] = await database.db.select().from(t.specialOffers).where(eq(t.specialOffers.fileId, file.id));
    expect(offer?.acceptedAt).not.toBeNull();
    const [order] = await database.db
      .select()
      .from(t.portalOrders)
      .where(and(eq(t.portalOrders.fileId, file.id), eq(t.portalOrders.orderType, 'specialOffer')));
    expect(order).toMatchObject({ ip: '198.51.100.0', targetAmountMinor: 70000, targetDate: '2999-12-31' });
    expect((await lastAudit(file.id))?.action).toBe('specialOffer.accepted');
    const { modals, view } = await pendingFor(cookie);
    expect(modals).toEqual([]);
    expect(view.amountToPay).toMatchObject({ kind: 'specialDeal', amountMinor: 70000 });
  });
});
