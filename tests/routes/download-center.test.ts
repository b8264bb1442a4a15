import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { remindersPaused } from '#server/documents/forms.ts';
import { resetEnvCache } from '#server/env.ts';
import { loader as dashboardLoader } from '~/routes/$portal.dashboard';
import { action as overviewAction, loader as overviewLoader } from '~/routes/$portal.download-center';
import { action, loader } from '~/routes/$portal.download-center_.$customForm';
import { loader as pdfLoader } from '~/routes/$portal.download-center_.$customForm_.pdf.$orderId';
import { pdfText } from '../helpers/pdf-text.ts';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';
import { exeBytes, file, multipartRequest, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const uploadFolder = useUploadFolder();
let dataDir = '';
const previousDataDir = process.env.DATA_DIR;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'download-center-'));
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
});
afterAll(async () => {
  process.env.DATA_DIR = previousDataDir;
  resetEnvCache();
  await rm(dataDir, { recursive: true, force: true });
});

const params = (customForm: string) => ({ portal: 'serviceportal', customForm });

const goodsReturn = {
  intent: 'create',
  firstName: 'Anna',
  lastName: 'Schneider',
  street: 'Lindenallee',
  streetNumber: '14',
  zip: '50968',
  city: 'Köln',
  email: 'anna.schneider@example.org',
  dateGoodsReturn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
};

/** A dispute as the browser sends it without JavaScript: the fields, then the chosen files. */
function multipart(pathname: string, fields: Record<string, string>, files: File[], cookie: string): Request {
  return multipartRequest(pathname, [...Object.entries(fields), ...files.map((f) => ['files', f] as [string, File])], {
    Cookie: cookie,
  });
}
type DisputeAnswer = {
  result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
  kept: Array<{ id: number; name: string }>;
  refused: Array<{ name: string; problem: string }>;
};

describe('download center: access', () => {
  it('sends a visitor and a reference-only session to sign in, and answers 404 for an unknown form', async () => {
    const visitor = await run(
      loader,
      getRequest('/serviceportal/download-center/goods-return'),
      params('goods-return'),
    );
    expect(visitor.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?action=AZonly/);
    const limited = await run(
      loader,
      getRequest('/serviceportal/download-center/goods-return', { Cookie: await cookieFor('100000001', 'limited') }),
      params('goods-return'),
    );
    expect(limited.status).toBe(302);
    expect(limited.headers.get('Location')).toBe(
      '/serviceportal/signin?returnTo=%2Fserviceportal%2Fdownload-center%2Fgoods-return',
    );
    const limitedPost = await run(
      action,
      formRequest('/serviceportal/download-center/goods-return', goodsReturn, {
        Cookie: await cookieFor('100000001', 'limited'),
      }),
      params('goods-return'),
    );
    expect(limitedPost.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?returnTo=/);
    const unknown = await run(
      loader,
      getRequest('/serviceportal/download-center/goods-received', { Cookie: await cookieFor('100000001') }),
      params('goods-received'),
    );
    expect(unknown.status).toBe(404);
  });

  it('prefills every form from the debtor profile', async () => {
    const cookie = await cookieFor('100000002');
    for (const form of ['mandate', 'goods-not-recieved', 'goods-return', 'identity-theft']) {
      const result = await run(
        loader,
        getRequest(`/serviceportal/download-center/${form}`, { Cookie: cookie }),
        params(form),
      );
      expect(result.status, form).toBe(200);
      expect((result.data as { prefill: Record<string, string> }).prefill).toMatchObject({
        firstName: 'Mehmet',
        lastName: 'Yılmaz',
        street: 'Bahnhofstraße',
        streetNumber: '3a',
        zip: '44135',
        city: 'Dortmund',
        born: '1984-05-17',
      });
    }
    const overview = await run(overviewLoader, getRequest('/serviceportal/download-center', { Cookie: cookie }), {
      portal: 'serviceportal',
    });
    expect(overview.status).toBe(200);
  });
});

describe('download center: printed forms', () => {
  it('a bad form answers 400 with its errors and keeps what was typed', async () => {
    const cookie = await cookieFor('100000001');
    const result = await run(
      action,
      formRequest(
        '/serviceportal/download-center/goods-return',
        { ...goodsReturn, zip: '509', firstName: 'A' },
        { Cookie: cookie },
      ),
      params('goods-return'),
    );
    expect(result.status).toBe(400);
    const reply = (result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(reply.error.zip).toEqual(['errors.zip.format']);
    expect(reply.error.firstName).toEqual(['errors.name.tooShort']);
    expect(reply.initialValue).toMatchObject({ zip: '509', city: 'Köln', lastName: 'Schneider' });
    expect(
      await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.orderType, 'downloadForm')),
    ).toHaveLength(0);
  });

  it('creates the PDF, records the order and the audit entry, and serves it only to the same file', async () => {
    const cookie = await cookieFor('100000001');
    const file = await fileOf('100000001');
    const created = await run(
      action,
      formRequest('/serviceportal/download-center/goods-return', goodsReturn, { Cookie: cookie }),
      params('goods-return'),
    );
    expect(created.status).toBe(302);
    const location = created.headers.get('Location')!;
    const orderId = Number(/created=(\d+)/.exec(location)?.[1]);
    expect(location).toBe(`/serviceportal/download-center/goods-return?created=${orderId}#ready`);

    const [order] = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.id, orderId));
    expect(order).toMatchObject({
      fileId: file.id,
      orderType: 'downloadForm',
      info: 'goods-return',
      ip: '203.0.113.0',
    });
    const audits = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.fileId, file.id), eq(t.auditLog.action, 'documents.formCreated')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toEqual({ form: 'goods-return', orderId });

    const page = await run(
      loader,
      getRequest(location.replace(/#.*$/, ''), { Cookie: cookie }),
      params('goods-return'),
    );
    expect((page.data as { ready: { orderId: number; returnBy: string } }).ready).toMatchObject({ orderId });

    const pdf = await run(
      pdfLoader,
      getRequest(`/serviceportal/download-center/goods-return/pdf/${orderId}`, { Cookie: cookie }),
      { ...params('goods-return'), orderId: String(orderId) },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toBe(`attachment; filename="goods-return-${orderId}.pdf"`);
    expect(pdf.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await pdf.response!.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Anna');
    expect(text).toContain('Schneider');
    expect(text).toContain('Clarus Inkasso GmbH');
    expect(text).toContain('Hafenstraße 12');

    // Another debtor never gets it: not the PDF, not the "ready" panel.
    const other = await cookieFor('100000004');
    const stolen = await run(
      pdfLoader,
      getRequest(`/serviceportal/download-center/goods-return/pdf/${orderId}`, { Cookie: other }),
      { ...params('goods-return'), orderId: String(orderId) },
    );
    expect(stolen.status).toBe(404);
    const otherPage = await run(
      loader,
      getRequest(`/serviceportal/download-center/goods-return?created=${orderId}`, { Cookie: other }),
      params('goods-return'),
    );
    expect((otherPage.data as { ready: unknown }).ready).toBeNull();
    expect((otherPage.data as { prefill: { lastName: string } }).prefill.lastName).toBe('Hoffmann');
    // Nor under another form's name, nor without a session.
    expect(
      (
        await run(pdfLoader, getRequest(`/serviceportal/download-center/mandate/pdf/${orderId}`, { Cookie: cookie }), {
          ...params('mandate'),
          orderId: String(orderId),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await run(pdfLoader, getRequest(`/serviceportal/download-center/goods-return/pdf/${orderId}`), {
          ...params('goods-return'),
          orderId: String(orderId),
        })
      ).status,
    ).toBe(302);
  });

  it('the mandate carries the attorney', async () => {
    const cookie = await cookieFor('100000003');
    const created = await run(
      action,
      formRequest(
        '/serviceportal/download-center/mandate',
        {
          intent: 'create',
          firstName: 'Julia',
          lastName: 'Becker',
          born: '1984-05-17',
          street: 'Gartenweg',
          streetNumber: '7',
          zip: '04109',
          city: 'Leipzig',
          attorneyFullName: 'Paul Becker',
          attorneyStreet: 'Ringstraße',
          attorneyStreetNumber: '2b',
          attorneyZip: '04103',
          attorneyCity: 'Leipzig',
        },
        { Cookie: cookie },
      ),
      params('mandate'),
    );
    expect(created.status).toBe(302);
    const orderId = /created=(\d+)/.exec(created.headers.get('Location')!)![1]!;
    const pdf = await run(
      pdfLoader,
      getRequest(`/serviceportal/download-center/mandate/pdf/${orderId}`, { Cookie: cookie }),
      { ...params('mandate'), orderId },
    );
    const text = await pdfText(new Uint8Array(await pdf.response!.arrayBuffer()));
    expect(text).toContain('Paul Becker');
    expect(text).toContain('Ringstraße');
    expect(text).toContain('Unterschrift bevollmächtigte Person');
  });
});

describe('download center: online disputes', () => {
  const identityTheft = {
    intent: 'dispute',
    reason: 'identityTheft',
    statement: 'Ich habe diesen Vertrag nie geschlossen.',
    confirm: 'on',
  };

  it('refuses a renamed program as evidence with 400, keeping the statement and the good file, and marks nothing', async () => {
    const cookie = await cookieFor('100000005');
    const result = await run(
      action,
      multipart(
        '/serviceportal/download-center/identity-theft',
        identityTheft,
        [file('anzeige.pdf', pdfBytes()), file('rechnung.pdf', exeBytes())],
        cookie,
      ),
      params('identity-theft'),
    );
    expect(result.status).toBe(400);
    const answer = result.data as DisputeAnswer;
    expect(answer.refused).toEqual([{ name: 'rechnung.pdf', problem: 'wrongType' }]);
    expect(answer.kept.map((k) => k.name)).toEqual(['anzeige.pdf']);
    expect(answer.result.initialValue.statement).toBe(identityTheft.statement);
    expect((await fileOf('100000005')).disputedAt).toBeNull();
  });

  it.each([
    // Just over the limits while the body as a whole is still within them (10 MB plus the form):
    // refused next to the field, the form kept. A larger body is a 413 (below).
    ['a file just over 10 MB', [file('gross.pdf', pdfBytes(10 * 1024 * 1024 + 100 * 1024))], ['tooLarge']],
    [
      'two files of 5.2 MB',
      [file('a.pdf', pdfBytes(5 * 1024 * 1024 + 200 * 1024)), file('b.pdf', pdfBytes(5 * 1024 * 1024 + 200 * 1024))],
      ['totalTooLarge'],
    ],
    ['an empty file', [file('leer.pdf', new Uint8Array())], ['empty']],
  ])('refuses %s as evidence and marks nothing', async (_label, files, problems) => {
    const cookie = await cookieFor('100000005');
    const result = await run(
      action,
      multipart('/serviceportal/download-center/identity-theft', identityTheft, files, cookie),
      params('identity-theft'),
    );
    expect(result.status).toBe(400);
    expect((result.data as DisputeAnswer).refused.map((r) => r.problem)).toEqual(problems);
    expect((await fileOf('100000005')).disputedAt).toBeNull();
  });

  it('answers evidence over 10 MB with 413 and marks nothing', async () => {
    const cookie = await cookieFor('100000005');
    const result = await run(
      action,
      multipart(
        '/serviceportal/download-center/identity-theft',
        identityTheft,
        [file('gross.pdf', pdfBytes(11 * 1024 * 1024))],
        cookie,
      ),
      params('identity-theft'),
    );
    expect(result.status).toBe(413);
    expect(await result.response!.json()).toEqual({ refused: 'tooLarge' });
    expect((await fileOf('100000005')).disputedAt).toBeNull();
  });

  it('never attaches evidence another debtor uploaded', async () => {
    const theirs = await run(
      action,
      multipart(
        '/serviceportal/download-center/identity-theft',
        { ...identityTheft, confirm: '' },
        [file('fremd.pdf', pdfBytes())],
        await cookieFor('100000004'),
      ),
      params('identity-theft'),
    );
    const theirId = (theirs.data as DisputeAnswer).kept[0]!.id;
    const result = await run(
      action,
      multipart(
        '/serviceportal/download-center/identity-theft',
        { ...identityTheft, uploadId: String(theirId) },
        [],
        await cookieFor('100000005'),
      ),
      params('identity-theft'),
    );
    expect(result.status).toBe(400);
    expect((result.data as DisputeAnswer).result.error).toMatchObject({ uploadId: ['errors.evidence.required'] });
    expect((await fileOf('100000005')).disputedAt).toBeNull();
  });

  it('identity theft without evidence, and a too short statement: 400 with the errors', async () => {
    const cookie = await cookieFor('100000005');
    const result = await run(
      action,
      multipart(
        '/serviceportal/download-center/identity-theft',
        { intent: 'dispute', reason: 'identityTheft', statement: 'kurz' },
        [],
        cookie,
      ),
      params('identity-theft'),
    );
    expect(result.status).toBe(400);
    const error = (result.data as DisputeAnswer).result.error;
    expect(error).toMatchObject({
      statement: ['errors.statement.tooShort'],
      uploadId: ['errors.evidence.required'],
      confirm: ['errors.confirm.required'],
    });
  });

  it('refuses a statement over 4,000 characters with its message, keeping the text as typed', async () => {
    const cookie = await cookieFor('100000005');
    const statement = `Ich habe diesen Vertrag nie geschlossen. ${'x'.repeat(4000)}`;
    const result = await run(
      action,
      multipart(
        '/serviceportal/download-center/identity-theft',
        { intent: 'dispute', reason: 'identityTheft', statement, confirm: 'on' },
        [],
        cookie,
      ),
      params('identity-theft'),
    );
    expect(result.status).toBe(400);
    const answer = result.data as DisputeAnswer;
    expect(answer.result.error).toMatchObject({ statement: ['errors.statement.tooLong'] });
    expect(answer.result.initialValue.statement).toBe(statement);
    expect((await fileOf('100000005')).disputedAt).toBeNull();
  });

  it('marks the file disputed once: event, evidence, outbox, audit; the dashboard shows it, reminders pause', async () => {
    const cookie = await cookieFor('100000005');
    const row = await fileOf('100000005');
    const send = () =>
      run(
        action,
        multipart(
          '/serviceportal/download-center/identity-theft',
          {
            intent: 'dispute',
            reason: 'identityTheft',
            statement: 'Ich habe diesen Vertrag nie geschlossen. Anzeige anbei.',
            confirm: 'on',
          },
          [file('anzeige.pdf', pdfBytes())],
          cookie,
        ),
        params('identity-theft'),
      );
    const first = await send();
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/serviceportal/download-center/identity-theft?sent=1#dispute');
    const marked = await fileOf('100000005');
    expect(marked.disputedAt).not.toBeNull();
    expect(marked.disputeReason).toBe('identityTheft');
    expect(remindersPaused(marked)).toBe(true);

    const second = await send();
    expect(second.status).toBe(302);
    expect((await fileOf('100000005')).disputedAt?.toISOString()).toBe(marked.disputedAt!.toISOString());

    const events = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.fileId, row.id), eq(t.events.kind, 'disputeRaised')));
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({ reason: 'identityTheft', evidenceCount: 1 });
    // The second send streamed its file in again, but only the first objection's evidence is attached.
    const evidence = await database.db
      .select()
      .from(t.uploads)
      .where(and(eq(t.uploads.fileId, row.id), eq(t.uploads.context, 'dispute'), eq(t.uploads.ownerId, events[0]!.id)));
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({
      mediaType: 'application/pdf',
      originalName: 'anzeige.pdf',
      sizeBytes: pdfBytes().byteLength,
    });
    expect(existsSync(path.join(uploadFolder.root, evidence[0]!.storageKey))).toBe(true);
    const mails = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, row.id));
    expect(mails.map((m) => [m.template, m.toAddress]).sort()).toEqual([
      ['agencyDispute', 'service@clarus-inkasso.example'],
      ['receipt', 'sabine.wagner@example.org'],
    ]);
    expect(mails.find((m) => m.template === 'agencyDispute')!.data).toMatchObject({
      reference: '100000005',
      reason: 'identityTheft',
      evidenceCount: 1,
    });
    expect(
      await database.db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.fileId, row.id), eq(t.auditLog.action, 'documents.disputeRaised'))),
    ).toHaveLength(1);

    const page = await run(
      loader,
      getRequest('/serviceportal/download-center/identity-theft?sent=1', { Cookie: cookie }),
      params('identity-theft'),
    );
    expect((page.data as { dispute: { reason: string } }).dispute.reason).toBe('identityTheft');
    const dashboard = await run(dashboardLoader, getRequest('/serviceportal/dashboard', { Cookie: cookie }), {
      portal: 'serviceportal',
    });
    expect((dashboard.data as { view: { status: { labelKey: string } } }).view.status.labelKey).toBe('status.disputed');
  });

  it('"not my debt" from the overview; a settled file takes no objection online', async () => {
    const cookie = await cookieFor('100000008');
    const sent = await run(
      overviewAction,
      multipart(
        '/serviceportal/download-center',
        { intent: 'dispute', reason: 'notMyDebt', statement: 'Ich war nie Kunde dieses Unternehmens.', confirm: 'on' },
        [],
        cookie,
      ),
      { portal: 'serviceportal' },
    );
    expect(sent.status).toBe(302);
    expect((await fileOf('100000008')).disputeReason).toBe('notMyDebt');

    const settled = await cookieFor('100000006');
    const refused = await run(
      overviewAction,
      multipart(
        '/serviceportal/download-center',
        { intent: 'dispute', reason: 'notMyDebt', statement: 'Ich war nie Kunde dieses Unternehmens.', confirm: 'on' },
        [],
        settled,
      ),
      { portal: 'serviceportal' },
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'dispute.finished',
    ]);
    expect((await fileOf('100000006')).disputedAt).toBeNull();
  });

  it('the mandate has no online dispute', async () => {
    const cookie = await cookieFor('100000011');
    const result = await run(
      action,
      multipart(
        '/serviceportal/download-center/mandate',
        { intent: 'dispute', reason: 'notMyDebt', statement: 'Ich war nie Kunde dieses Unternehmens.', confirm: 'on' },
        [],
        cookie,
      ),
      params('mandate'),
    );
    expect(result.status).toBe(400);
    expect((await fileOf('100000011')).disputedAt).toBeNull();
  });
});
