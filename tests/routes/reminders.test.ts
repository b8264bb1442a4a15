import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readReminderOptOutToken, reminderOptOutToken } from '#server/mail/reminders.ts';
import { readToken, signToken } from '#server/security/signed-token.ts';
import * as t from '#server/db/schema.ts';
import { z } from 'zod';
import { action, loader } from '~/routes/$portal.disable-reminder';
import { formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();

describe('signed tokens', () => {
  const schema = z.object({ a: z.number(), e: z.number().optional() });
  it('round-trips, and refuses another purpose, a changed body and an expired one', () => {
    const token = signToken('one', { a: 1 });
    expect(readToken('one', token, schema)).toEqual({ a: 1 });
    expect(readToken('two', token, schema)).toBeNull();
    const [, signature] = token.split('.');
    expect(readToken('one', `${Buffer.from('{"a":2}').toString('base64url')}.${signature}`, schema)).toBeNull();
    expect(readToken('one', signToken('one', { a: 1, e: 1 }), schema)).toBeNull();
    expect(readToken('one', `${token}.extra`, schema)).toBeNull();
    expect(readToken('one', null, schema)).toBeNull();
  });
});

describe('disable the reminder service', () => {
  it('asks first on GET and switches reminders off only on POST, once', async () => {
    const [debtor] = await database.db.select().from(t.debtors).limit(1);
    const token = reminderOptOutToken(debtor!.id, 'mail-4711');
    expect(readReminderOptOutToken(token)).toEqual({ debtorId: debtor!.id, eventId: 'mail-4711' });
    const page = await run(loader, getRequest(`/serviceportal/disable-reminder?token=${token}`), params);
    expect((page.data as { linkValid: boolean }).linkValid).toBe(true);
    const [untouched] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, debtor!.id));
    expect(untouched!.remindersDisabledAt).toBeNull();

    const done = await run(action, formRequest('/serviceportal/disable-reminder', { token }), params);
    expect(done.data).toEqual({ ok: true, alreadyDisabled: false });
    const [after] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, debtor!.id));
    expect(after!.remindersDisabledAt).not.toBeNull();
    expect(
      await database.db.select().from(t.reminderOptOuts).where(eq(t.reminderOptOuts.debtorId, debtor!.id)),
    ).toHaveLength(1);

    const again = await run(action, formRequest('/serviceportal/disable-reminder', { token }), params);
    expect(again.data).toEqual({ ok: true, alreadyDisabled: true });

    // The agency hears of it once, on each of the debtor's files (issue 29).
    const files = await database.db.select({ id: t.files.id }).from(t.files).where(eq(t.files.debtorId, debtor!.id));
    const events = await database.db.select().from(t.agencyEvents).where(eq(t.agencyEvents.type, 'reminders.disabled'));
    expect(events.map((e) => e.fileId).sort()).toEqual(files.map((f) => f.id).sort());
    expect(events[0]!.payload).toMatchObject({
      data: { action: 'disableReminders', door: 'mail', result: { mailEventId: 'mail-4711' } },
    });
  });

  it('shows the failure text for a broken link', async () => {
    const result = await run(action, formRequest('/serviceportal/disable-reminder', { token: 'broken.link' }), params);
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, reason: 'invalidLink' });
  });
});
