import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { action, loader } from '~/routes/$portal.announce-payment';
import { action as uploadAction } from '~/routes/$portal.uploads';
import { loader as downloadLoader } from '~/routes/$portal.uploads.$id';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';
import { exeBytes, file, multipartRequest, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';

const params = { portal: 'serviceportal' };
const path = '/serviceportal/announce-payment';
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
useUploadFolder();

const payment = {
  payee: 'agency',
  paidOn: '2026-01-15',
  amount: '120,50',
  payerName: 'Max Mustermann',
  payerIban: 'DE89 3704 0044 0532 0130 00',
  payerBic: 'COBADEFFXXX',
  payeeName: 'Clarus Inkasso GmbH',
  payeeIban: '',
  payeeBic: '',
  reference: '100000001',
};
type Answer = {
  step: number;
  values: Record<string, string>;
  kept: Array<{ id: number; name: string }>;
  refused: Array<{ name: string; problem: string }>;
  result?: { error?: Record<string, string[]> };
};

describe('announce payment', () => {
  it('needs a full login', async () => {
    const limited = await run(loader, getRequest(path, { Cookie: await cookieFor('100000001', 'limited') }), params);
    expect(limited.status).toBe(302);
    expect(limited.headers.get('Location')).toMatch(/^\/serviceportal\/signin\?returnTo=/);
  });

  it('walks payee → payment data → receipts, validating each step on the server', async () => {
    const cookie = await cookieFor('100000001');
    const none = await run(action, formRequest(path, { intent: '10' }, { Cookie: cookie }), params);
    expect(none.status).toBe(400);
    expect((none.data as Answer).result?.error?.payee).toEqual(['errors.payee']);

    const step10 = await run(
      action,
      formRequest(path, { intent: '10', payee: 'creditor' }, { Cookie: cookie }),
      params,
    );
    expect((step10.data as Answer).step).toBe(20);

    const bad = await run(
      action,
      formRequest(
        path,
        { intent: '20', ...payment, payerIban: 'DE00 1234', payerBic: 'XX', amount: '0,00', paidOn: '2999-01-01' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(bad.status).toBe(400);
    const errors = (bad.data as Answer).result!.error!;
    expect(errors).toMatchObject({
      payerIban: ['errors.iban'],
      payerBic: ['errors.bic'],
      amount: ['errors.amountMin'],
      paidOn: ['errors.paidOnFuture'],
    });
    // Nothing typed is lost.
    expect((bad.data as Answer).values).toMatchObject({ payerName: 'Max Mustermann', payee: 'agency' });

    const step20 = await run(action, formRequest(path, { intent: '20', ...payment }, { Cookie: cookie }), params);
    expect((step20.data as Answer).step).toBe(30);
  });

  it('refuses an exe renamed .pdf with a clear reason and keeps the form and the good file', async () => {
    const cookie = await cookieFor('100000001');
    const result = await run(
      action,
      multipartRequest(
        path,
        [
          ...Object.entries(payment),
          ['intent', '30'],
          ['files', file('Beleg.pdf', pdfBytes())],
          ['files', file('Rechnung.pdf', exeBytes())],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect(result.status).toBe(400);
    const answer = result.data as Answer;
    expect(answer.step).toBe(30);
    expect(answer.refused).toEqual([{ name: 'Rechnung.pdf', problem: 'wrongType' }]);
    expect(answer.kept.map((k) => k.name)).toEqual(['Beleg.pdf']);
    expect(answer.values).toMatchObject({ amount: '120,50', payerName: 'Max Mustermann' });
    const f = await fileOf('100000001');
    expect(
      (await database.db.select().from(t.announcedPayments).where(eq(t.announcedPayments.fileId, f.id))).length,
    ).toBe(0);

    // The next attempt sends only the id of the kept receipt: the review, then the payment is stored.
    const review = await run(
      action,
      multipartRequest(path, [...Object.entries(payment), ['intent', '30'], ['uploadId', String(answer.kept[0]!.id)]], {
        Cookie: cookie,
      }),
      params,
    );
    expect((review.data as Answer).step).toBe(40);
    const done = await run(
      action,
      formRequest(path, { ...payment, intent: '40', uploadId: String(answer.kept[0]!.id) }, { Cookie: cookie }),
      params,
    );
    expect(done.status).toBe(302);
    const location = done.headers.get('Location')!;
    expect(location).toMatch(/^\/serviceportal\/announce-payment\?done=\d+$/);
    const id = Number(location.split('=')[1]);

    const [stored] = await database.db.select().from(t.announcedPayments).where(eq(t.announcedPayments.id, id));
    expect(stored).toMatchObject({
      fileId: f.id,
      payee: 'agency',
      paidOn: '2026-01-15',
      amountMinor: 12050,
      currency: 'EUR',
      payerIban: 'DE89370400440532013000',
      payerBic: 'COBADEFFXXX',
    });
    const receipts = await database.db
      .select()
      .from(t.uploads)
      .where(and(eq(t.uploads.context, 'announcedPayment'), eq(t.uploads.ownerId, id)));
    expect(receipts.map((r) => [r.originalName, r.mediaType])).toEqual([['Beleg.pdf', 'application/pdf']]);
    // A note beside the status (issue 11, finding 6): the status stays, the history has an event.
    const [after] = await database.db.select().from(t.files).where(eq(t.files.id, f.id));
    expect(after).toMatchObject({ statusCode: f.statusCode, subState: f.subState });
    const events = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.fileId, f.id), eq(t.events.kind, 'paymentAnnounced')));
    expect(events.map((e) => e.detail)).toEqual([
      expect.objectContaining({ announcedPaymentId: id, amountMinor: 12050 }),
    ]);
    const mails = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, f.id));
    expect(mails.map((m) => m.template).sort()).toEqual(['agencyAnnouncedPayment', 'receipt']);
    expect(mails.find((m) => m.template === 'agencyAnnouncedPayment')!.data).toMatchObject({
      reference: '100000001',
      receiptCount: 1,
      amount: { amountMinor: 12050, currency: 'EUR' },
    });
    const audits = await database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.fileId, f.id), eq(t.auditLog.action, 'payment.announced')));
    expect(audits).toHaveLength(1);

    // The confirmation page shows it.
    const page = await run(loader, getRequest(location, { Cookie: cookie }), params);
    expect((page.data as { done: { amountMinor: number; receipts: string[] } }).done).toMatchObject({
      amountMinor: 12050,
      receipts: ['Beleg.pdf'],
    });
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
  ])('refuses %s', async (_label, files, problems) => {
    const cookie = await cookieFor('100000002');
    const result = await run(
      action,
      multipartRequest(
        path,
        [...Object.entries(payment), ['intent', '30'], ...files.map((f) => ['files', f] as [string, File])],
        { Cookie: cookie },
      ),
      params,
    );
    expect(result.status).toBe(400);
    expect((result.data as Answer).refused.map((r) => r.problem)).toEqual(problems);
  });

  it('answers a body over 10 MB and the form with 413, read only up to the limit, and keeps no file', async () => {
    const cookie = await cookieFor('100000002');
    const before = (await database.db.select().from(t.uploads)).length;
    const result = await run(
      action,
      multipartRequest(
        path,
        [...Object.entries(payment), ['intent', '30'], ['files', file('gross.pdf', pdfBytes(11 * 1024 * 1024))]],
        { Cookie: cookie },
      ),
      params,
    );
    expect(result.status).toBe(413);
    expect(await result.response!.json()).toEqual({ refused: 'tooLarge' });
    expect((await database.db.select().from(t.uploads)).length).toBe(before);
  });

  it('never attaches another debtor’s upload, and never lets them read it', async () => {
    const owner = await cookieFor('100000012');
    const uploaded = await run(
      uploadAction,
      multipartRequest(
        '/serviceportal/uploads?context=announcedPayment',
        [['files', file('mein-beleg.pdf', pdfBytes())]],
        { Cookie: owner },
      ),
      params,
    );
    expect(uploaded.status).toBe(200);
    const theirs = ((await uploaded.response!.json()) as { accepted: Array<{ id: number }> }).accepted[0]!.id;

    const intruder = await cookieFor('100000004');
    const attempt = await run(
      action,
      multipartRequest(path, [...Object.entries(payment), ['intent', '30'], ['uploadId', String(theirs)]], {
        Cookie: intruder,
      }),
      params,
    );
    expect(attempt.status).toBe(400);
    expect((attempt.data as Answer).result?.error?.uploadId).toEqual(['errors.receiptRequired']);
    const [row] = await database.db.select().from(t.uploads).where(eq(t.uploads.id, theirs));
    expect(row!.ownerId).toBeNull();

    const read = await run(downloadLoader, getRequest(`/serviceportal/uploads/${theirs}`, { Cookie: intruder }), {
      ...params,
      id: String(theirs),
    });
    expect(read.status).toBe(404);
    const own = await run(downloadLoader, getRequest(`/serviceportal/uploads/${theirs}`, { Cookie: owner }), {
      ...params,
      id: String(theirs),
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await own.response!.arrayBuffer()).slice(0, 8))).toBe('%PDF-1.7');
  });

  it('the uploads endpoint refuses an unknown context and visitors', async () => {
    const cookie = await cookieFor('100000001');
    const bad = await run(
      uploadAction,
      multipartRequest('/serviceportal/uploads?context=avatar', [['files', file('a.pdf', pdfBytes())]], {
        Cookie: cookie,
      }),
      params,
    );
    expect(bad.status).toBe(400);
    const visitor = await run(
      uploadAction,
      multipartRequest('/serviceportal/uploads?context=message', [['files', file('a.pdf', pdfBytes())]]),
      params,
    );
    expect(visitor.status).toBe(302);
  });
});
