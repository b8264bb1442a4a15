/**
 * Notice of completion (spec 2.4, 4.3, 7 SendErledigungsmitteilungMail) through the dashboard's
 * action: only for a settled file, a portal order and a mail in the outbox, the file closed; a
 * second request names the first one's date.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestNoticeOfCompletion } from '#server/claims/notice-of-completion.ts';
import * as t from '#server/db/schema.ts';
import { action, loader } from '~/routes/$portal.dashboard';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

const request = (cookie: string) =>
  formRequest('/serviceportal/dashboard', { intent: 'requestNoticeOfCompletion' }, { Cookie: cookie });
type Notice = { notice: { ok: boolean; error?: string; requestedAt?: string; delivery?: string } };

describe('notice of completion', () => {
  it('is offered on the settled demo file 100000006', async () => {
    const result = await run(
      loader,
      getRequest('/serviceportal/dashboard', { Cookie: await cookieFor('100000006') }),
      params,
    );
    expect((result.data as { notice: unknown }).notice).toEqual({
      available: true,
      requestedAt: null,
      delivery: 'email',
    });
  });

  it('is refused on an open file', async () => {
    const result = await run(action, request(await cookieFor('100000001')), params);
    expect(result.status).toBe(403);
    expect((result.data as Notice).notice).toEqual({ ok: false, error: 'notAllowed' });
    const file = await fileOf('100000001');
    expect(file.closedAt).toBeNull();
    const orders = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.fileId, file.id));
    expect(orders).toEqual([]);
  });

  it('needs a full login', async () => {
    const result = await run(action, request(await cookieFor('100000006', 'limited')), params);
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?returnTo=/);
    expect((await fileOf('100000006')).closedAt).toBeNull();
  });

  it('records the order, mails the notice, closes the file; a second request is "already requested"', async () => {
    const cookie = await cookieFor('100000006');
    const file = await fileOf('100000006');
    const first = await run(action, request(cookie), params, {
      cspNonce: 'n',
      clientAddress: '2001:db8:85a3::8a2e:370:7348',
      requestId: 't',
    });
    expect(first.status).toBe(200);
    const notice = (first.data as Notice).notice;
    expect(notice).toMatchObject({ ok: true, delivery: 'email' });

    const orders = await database.db
      .select()
      .from(t.portalOrders)
      .where(and(eq(t.portalOrders.fileId, file.id), eq(t.portalOrders.orderType, 'noticeOfCompletion')));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.ip).toBe('2001:db8:85a3::');
    const mails = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'noticeOfCompletion')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'thomas.klein@example.org',
      language: 'de',
      variant: 'de',
      status: 'pending',
    });
    expect(mails[0]!.data).toMatchObject({
      name: 'Thomas Klein',
      salutation: 1,
      reference: '100000006',
      creditor: expect.any(String),
      settledOn: file.statusDate,
    });
    expect((await fileOf('100000006')).closedAt).not.toBeNull();
    const audits = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.fileId, file.id), eq(t.auditLog.action, 'noticeOfCompletion.requested')));
    expect(audits).toHaveLength(1);

    const second = await run(action, request(cookie), params);
    expect(second.status).toBe(409);
    expect((second.data as Notice).notice).toEqual({
      ok: false,
      error: 'alreadyRequested',
      requestedAt: notice.requestedAt,
    });
    expect(
      await database.db
        .select()
        .from(t.mailOutbox)
        .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'noticeOfCompletion'))),
    ).toHaveLength(1);

    const page = await run(loader, getRequest('/serviceportal/dashboard', { Cookie: cookie }), params);
    expect((page.data as { notice: unknown }).notice).toEqual({
      available: false,
      requestedAt: notice.requestedAt,
      delivery: 'email',
    });
  });

  it('says "by post" and sends no mail when no address is on file; two requests at once make one order', async () => {
    const file = await fileOf('100000010');
    await database.db.update(t.files).set({ statusCode: '3' }).where(eq(t.files.id, file.id));
    await database.db.update(t.debtors).set({ email: null }).where(eq(t.debtors.id, file.debtorId));
    const input = { fileId: file.id, debtorId: file.debtorId, language: 'es' as const, clientAddress: '203.0.113.9' };
    const results = await Promise.all([
      requestNoticeOfCompletion(database.db, input),
      requestNoticeOfCompletion(database.db, input),
    ]);
    expect(results.filter((r) => r.ok)).toEqual([expect.objectContaining({ ok: true, delivery: 'post' })]);
    expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ ok: false, error: 'alreadyRequested' })]);
    expect(await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, file.id))).toEqual([]);
    const orders = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.fileId, file.id));
    expect(orders.map((o) => [o.orderType, o.ip, o.info])).toEqual([['noticeOfCompletion', '203.0.113.0', 'post']]);
  });

  it('refuses a file of another debtor', async () => {
    const own = await fileOf('100000006');
    const other = await fileOf('100000011');
    const result = await requestNoticeOfCompletion(database.db, {
      fileId: other.id,
      debtorId: own.debtorId,
      language: 'de',
    });
    expect(result).toEqual({ ok: false, error: 'notAllowed' });
  });
});
