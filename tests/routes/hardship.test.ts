/**
 * /service/hardship through the route's loader and action (the page's door of the action layer),
 * against the demo database: who sees what, the breathing space recorded from the posted form,
 * GOV.UK-style errors from the one schema, the refusals a second submit and a closed file get.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { remindersPaused } from '#server/documents/forms.ts';
import { addDays } from '#server/instalments/dates.ts';
import { action, loader } from '~/routes/$portal.service.hardship';
import { loader as serviceLoader } from '~/routes/$portal.service._index';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const params = { portal: 'serviceportal' };
const path = '/serviceportal/service/hardship';

type LoaderData = {
  view: {
    breathingSpace: { state: string; pausedUntil?: string };
    canRequest: boolean;
    needsFullLogin: boolean;
    advice: Array<{ id: string; url: string }>;
  };
  signIn: string;
};
type ActionData = {
  result: { error?: Record<string, string[] | null> };
  done: { pausedUntil: string; fits: { kind: string; path: string | null } | null } | null;
  refused: { reason: string; date: string | null } | null;
};

describe('/service/hardship', () => {
  it('sends a visitor to sign in with the reference number, and back here', async () => {
    const visitor = await run(loader, getRequest(path), params);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toMatch(
      /^\/serviceportal\/signin\?action=AZonly&returnTo=%2Fserviceportal%2Fservice%2Fhardship/,
    );
  });

  it('shows a reference-only session the page and the advice, and asks the password for the request', async () => {
    const cookie = await cookieFor('100000001', 'limited');
    const page = await run(loader, getRequest(path, { Cookie: cookie }), params);
    const d = page.data as LoaderData;
    expect(d.view.needsFullLogin).toBe(true);
    expect(d.view.canRequest).toBe(false);
    expect(d.view.advice.length).toBeGreaterThan(0);
    expect(d.signIn).toBe('/serviceportal/signin?returnTo=%2Fserviceportal%2Fservice%2Fhardship');

    const posted = await run(action, formRequest(path, { reason: 'jobLoss' }, { Cookie: cookie }), params);
    expect(posted.status).toBe(302);
    expect(posted.headers.get('Location')).toBe('/serviceportal/signin?returnTo=%2Fserviceportal%2Fservice%2Fhardship');
    expect((await fileOf('100000001')).breathingSpaceAt).toBeNull();
  });

  it('answers a form without a reason with the field’s message, and stores nothing', async () => {
    const cookie = await cookieFor('100000001');
    const posted = await run(
      action,
      formRequest(path, { statement: 'Hilfe', income: 'viel' }, { Cookie: cookie }),
      params,
    );
    expect(posted.status).toBe(400);
    const d = posted.data as ActionData;
    expect(d.result.error?.reason).toEqual(['hardship:errors.reason']);
    expect(d.result.error?.income).toEqual(['common:form.amount.format']);
    expect((await fileOf('100000001')).breathingSpaceAt).toBeNull();
  });

  it('records the breathing space from the form, pauses reminders and shows what instalment fits', async () => {
    const cookie = await cookieFor('100000001');
    const posted = await run(
      action,
      formRequest(
        path,
        { reason: 'illness', statement: 'Seit drei Wochen im Krankenhaus.', income: '1.200,00', expenses: '900' },
        { Cookie: cookie },
      ),
      params,
    );
    expect(posted.status).toBe(200);
    const d = posted.data as ActionData;
    const today = todayIso();
    expect(d.done?.pausedUntil).toBe(addDays(today, 30));
    expect(d.done?.fits).toMatchObject({ kind: 'ok', path: '/checkout/pay-installments?rate=150' });

    const file = await fileOf('100000001');
    expect(remindersPaused(file, today)).toBe(true);
    const events = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.fileId, file.id), eq(t.events.kind, 'breathingSpaceRequested')));
    expect(events).toHaveLength(1);
    const mails = await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, file.id));
    expect(mails.map((m) => m.template)).toContain('agencyHardship');

    const page = await run(loader, getRequest(path, { Cookie: cookie }), params);
    expect((page.data as LoaderData).view.breathingSpace).toMatchObject({
      state: 'running',
      pausedUntil: addDays(today, 30),
    });
  });

  it('refuses a second request while the first runs, with its end', async () => {
    const cookie = await cookieFor('100000001');
    const posted = await run(action, formRequest(path, { reason: 'other' }, { Cookie: cookie }), params);
    expect(posted.status).toBe(409);
    expect((posted.data as ActionData).refused).toEqual({ reason: 'alreadyPaused', date: addDays(todayIso(), 30) });
  });

  it('is on the service page', async () => {
    const cookie = await cookieFor('100000002', 'limited');
    const hub = await run(serviceLoader, getRequest('/serviceportal/service', { Cookie: cookie }), params);
    const items = (hub.data as { items: Array<{ key: string; to: string }> }).items;
    expect(items.find((i) => i.key === 'hardship')?.to).toBe('/serviceportal/service/hardship');
  });
});
