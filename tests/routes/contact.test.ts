import { and, desc, eq } from 'drizzle-orm';
import { renderMail } from '#server/mail/templates.ts';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { action, loader } from '~/routes/$portal.service.contact';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';
import { exeBytes, file, multipartRequest, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';

const params = { portal: 'serviceportal' };
const path = '/serviceportal/service/contact';
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
useUploadFolder();

type Reply = {
  form: string;
  result: { error?: Record<string, string[]> };
  kept: Array<{ id: number; name: string }>;
  refused: Array<{ problem: string }>;
};
const body = 'Ich möchte wissen, wie sich die Inkassokosten zusammensetzen.';

describe('contact', () => {
  it('opens the callback tab with action=callback and preselects subject 7 or 8', async () => {
    const cookie = await cookieFor('100000001');
    const callback = (await run(loader, getRequest(`${path}?action=callback`, { Cookie: cookie }), params)).data as {
      tab: string;
      days: number[];
      slots: string[];
    };
    expect(callback.tab).toBe('callback');
    expect(callback.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(callback.slots[0]).toBe('08:00');
    const bug = (await run(loader, getRequest(`${path}?subject=7`, { Cookie: cookie }), params)).data as {
      tab: string;
      preselectedSubject: number | null;
      contact: { email: string };
    };
    expect(bug).toMatchObject({ tab: 'message', preselectedSubject: 7 });
    expect(bug.contact.email).toContain('@');
    const nonsense = (await run(loader, getRequest(`${path}?subject=6`, { Cookie: cookie }), params)).data as {
      preselectedSubject: number | null;
    };
    expect(nonsense.preselectedSubject).toBeNull();
  });

  it('refuses a message without phone and e-mail, or too short, keeping what was typed', async () => {
    const cookie = await cookieFor('100000001');
    const result = await run(
      action,
      formRequest(path, { intent: 'message', subjectId: '2', body, email: '', phone: '' }, { Cookie: cookie }),
      params,
    );
    expect(result.status).toBe(400);
    expect((result.data as Reply).result.error).toMatchObject({ email: ['errors.reachable'] });
    const short = await run(
      action,
      formRequest(
        path,
        { intent: 'message', subjectId: '2', body: 'Kurz', email: 'a@example.org' },
        { Cookie: cookie },
      ),
      params,
    );
    expect((short.data as Reply).result.error).toMatchObject({ body: ['errors.bodyShort'] });
  });

  it('stores a message with an attachment and mails the agency through the outbox', async () => {
    const cookie = await cookieFor('100000001');
    const f = await fileOf('100000001');
    const bad = await run(
      action,
      multipartRequest(
        path,
        [
          ['intent', 'message'],
          ['subjectId', '2'],
          ['body', body],
          ['email', 'max@example.org'],
          ['files', file('kosten.pdf', pdfBytes())],
          ['files', file('virus.pdf', exeBytes())],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect(bad.status).toBe(400);
    const reply = bad.data as Reply;
    expect(reply.refused.map((r) => r.problem)).toEqual(['wrongType']);
    expect(reply.kept.map((k) => k.name)).toEqual(['kosten.pdf']);
    expect(await database.db.select().from(t.messages).where(eq(t.messages.fileId, f.id))).toHaveLength(0);

    const ok = await run(
      action,
      multipartRequest(
        path,
        [
          ['intent', 'message'],
          ['subjectId', '2'],
          ['subSubject', 'Höhe'],
          ['body', body],
          ['email', 'max@example.org'],
          ['uploadId', String(reply.kept[0]!.id)],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect(ok.headers.get('Location')).toBe(`${path}?sent=message`);
    const [message] = await database.db.select().from(t.messages).where(eq(t.messages.fileId, f.id));
    expect(message).toMatchObject({ subjectId: 2, subSubject: 'Höhe', email: 'max@example.org' });
    const [attachment] = await database.db
      .select()
      .from(t.uploads)
      .where(and(eq(t.uploads.context, 'message'), eq(t.uploads.ownerId, message!.id)));
    expect(attachment!.originalName).toBe('kosten.pdf');
    const mails = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, f.id));
    const agency = mails.find((m) => m.template === 'agencyMessage')!;
    expect(agency.toAddress).toBe('service@clarus-inkasso.example');
    expect(agency.data).toMatchObject({ subjectId: 2, attachmentCount: 1, replyEmail: 'max@example.org', body });
    expect(mails.find((m) => m.template === 'receipt')!.toAddress).toBe('max@example.org');
  });

  it('books a callback Monday to Saturday within the callback hours', async () => {
    const cookie = await cookieFor('100000002');
    const f = await fileOf('100000002');
    const late = await run(
      action,
      formRequest(
        path,
        {
          intent: 'callback',
          phone: '0171 2345678',
          reason: 'Ratenzahlung',
          weekday: '5',
          timeOfDay: 'evening',
          hour: '20:00',
        },
        { Cookie: cookie },
      ),
      params,
    );
    expect(late.status).toBe(400);
    expect((late.data as Reply).result.error).toMatchObject({ hour: ['errors.hourOutside'] });
    const sunday = await run(
      action,
      formRequest(
        path,
        {
          intent: 'callback',
          phone: '0171 2345678',
          reason: 'Ratenzahlung',
          weekday: '7',
          timeOfDay: 'morning',
          hour: '09:00',
        },
        { Cookie: cookie },
      ),
      params,
    );
    expect((sunday.data as Reply).result.error).toMatchObject({ weekday: ['errors.weekday'] });
    const saturday = await run(
      action,
      formRequest(
        path,
        {
          intent: 'callback',
          phone: '0171 2345678',
          reason: 'Ratenzahlung',
          weekday: '6',
          timeOfDay: 'morning',
          hour: '09:00',
        },
        { Cookie: cookie },
      ),
      params,
    );
    expect(saturday.headers.get('Location')).toMatch(
      /^\/serviceportal\/service\/contact\?action=callback&sent=callback&callback=\d+$/,
    );

    const ok = await run(
      action,
      formRequest(
        path,
        {
          intent: 'callback',
          phone: '0171 2345678',
          reason: 'Ratenzahlung',
          weekday: '2',
          timeOfDay: 'morning',
          hour: '09:30',
        },
        { Cookie: cookie },
      ),
      params,
    );
    expect(ok.headers.get('Location')).toMatch(
      /^\/serviceportal\/service\/contact\?action=callback&sent=callback&callback=\d+$/,
    );
    const callbacks = await database.db
      .select()
      .from(t.callbacks)
      .where(eq(t.callbacks.fileId, f.id))
      .orderBy(t.callbacks.id);
    expect(callbacks.map((c) => [c.weekday, c.timeOfDay, c.hour])).toEqual([
      [6, 'morning', '09:00'],
      [2, 'morning', '09:30'],
    ]);
    const mails = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, f.id), eq(t.mailOutbox.template, 'agencyCallback')));
    expect(mails.map((m) => m.data)).toEqual(
      expect.arrayContaining([expect.objectContaining({ weekday: 6, hour: '09:00', reason: 'Ratenzahlung' })]),
    );
  });

  it('asks day and time only (the time of day follows from the time) and restates the slot booked, on the page and in the mail', async () => {
    const cookie = await cookieFor('100000001');
    const f = await fileOf('100000001');
    const booked = await run(
      action,
      formRequest(
        path,
        { intent: 'callback', phone: '040 123456', reason: 'Frage zur Ratenzahlung', weekday: '6', hour: '13:30' },
        { Cookie: cookie },
      ),
      params,
    );
    const location = booked.headers.get('Location') ?? '';
    expect(location).toMatch(/sent=callback&callback=\d+$/);
    const [row] = await database.db
      .select()
      .from(t.callbacks)
      .where(eq(t.callbacks.fileId, f.id))
      .orderBy(desc(t.callbacks.id))
      .limit(1);
    expect(row).toMatchObject({ weekday: 6, hour: '13:30', timeOfDay: 'noon' });

    // The confirmation page reads the slot back, for this file only.
    const page = (await run(loader, getRequest(location, { Cookie: cookie }), params)).data as {
      sent: string;
      booked: { weekday: number; hour: string; phone: string } | null;
    };
    expect(page).toMatchObject({ sent: 'callback', booked: { weekday: 6, hour: '13:30', phone: '040 123456' } });
    const stranger = (await run(loader, getRequest(location, { Cookie: await cookieFor('100000002') }), params))
      .data as { booked: unknown };
    expect(stranger.booked).toBeNull();

    // The debtor's receipt restates day, time and number.
    const [receipt] = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, f.id), eq(t.mailOutbox.template, 'receipt')))
      .orderBy(desc(t.mailOutbox.id))
      .limit(1);
    expect(receipt?.data).toMatchObject({
      kind: 'callback',
      callback: { weekday: 6, hour: '13:30', phone: '040 123456' },
    });
    const mail = renderMail('receipt', receipt!.data as never, { language: 'de', variant: 'de' });
    expect(mail.text).toContain('Samstag um 13:30 Uhr unter 040 123456');

    // A time of day named anyway must be the time's own.
    const mismatch = await run(
      action,
      formRequest(
        path,
        {
          intent: 'callback',
          phone: '040 123456',
          reason: 'Ratenzahlung',
          weekday: '2',
          timeOfDay: 'afternoon',
          hour: '08:00',
        },
        { Cookie: cookie },
      ),
      params,
    );
    expect((mismatch.data as Reply).result.error).toMatchObject({ hour: ['errors.timeOfDayMismatch'] });
  });
});
