/**
 * The hardship door of the JSON API (issue 26, item 3): the same view the page shows and the same
 * action, thin: a reference-only token reads the view and gets 403 `stepUp` for the request; a
 * password token records the breathing space once (then 409 `alreadyPaused`), reminders pause and
 * the agency's mail is queued; bad input is 400 with the field, never a 500.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { remindersPaused } from '#server/documents/forms.ts';
import { addDays } from '#server/instalments/dates.ts';
import { apiCall, apiSignIn, endpointOf, expectProblem, expectSchema, useApiDatabase } from './helpers.ts';

const database = useApiDatabase();
const view = endpointOf('Portal', 'GetHardship');
const request = endpointOf('Portal', 'RequestBreathingSpace');

const fileOf = async (refno: string) => {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return row!;
};

describe('Portal/GetHardship and Portal/RequestBreathingSpace', () => {
  it('answers 401 without a token', async () => {
    expectProblem(await apiCall('GET', '/api/Portal/GetHardship'), 401, 'signIn');
    expectProblem(await apiCall('POST', '/api/Portal/RequestBreathingSpace', { json: { reason: 'jobLoss' } }), 401);
  });

  it('shows a reference-only token the view, the instalment that fits, and asks the password for the request', async () => {
    const token = await apiSignIn('100000001', { level: 'limited', client: '198.51.100.71' });
    const answer = await apiCall('GET', '/api/Portal/GetHardship?income=140000&expenses=110000', { token, hl: 'en' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectSchema(view.response, answer.body);
    expect(answer.body.needsFullLogin).toBe(true);
    expect(answer.body.breathingSpace.state).toBe('available');
    expect(answer.body.relief.instalment.fits).toMatchObject({
      kind: 'ok',
      amount: { minor: 15000, currency: 'EUR' },
      path: '/checkout/pay-installments?rate=150',
    });
    expect(answer.body.advice.find((a: { id: string }) => a.id === 'bagSb').description).toMatch(/debt-advice/);

    const refused = await apiCall('POST', '/api/Portal/RequestBreathingSpace', { token, json: { reason: 'jobLoss' } });
    expectProblem(refused, 403, 'stepUp');
    expect((await fileOf('100000001')).breathingSpaceAt).toBeNull();
  });

  it('refuses bad input with the field, and records a breathing space once', async () => {
    const token = await apiSignIn('100000001', { client: '198.51.100.72' });
    const bad = await apiCall('POST', '/api/Portal/RequestBreathingSpace', { token, json: { reason: 'bored' } });
    expectProblem(bad, 400, 'invalid');

    const done = await apiCall('POST', '/api/Portal/RequestBreathingSpace', {
      token,
      json: { reason: 'bereavement', statement: 'My mother died.', income: 200000, expenses: 150000 },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectSchema(request.response, done.body);
    const today = todayIso();
    expect(done.body).toMatchObject({ pausedUntil: addDays(today, 30), remindersPaused: true });
    expect(done.body.fits).toMatchObject({ kind: 'ok', amount: { minor: 25000 } });

    const file = await fileOf('100000001');
    expect(remindersPaused(file, today)).toBe(true);
    const mail = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, file.id), eq(t.mailOutbox.template, 'agencyHardship')));
    expect(mail[0]?.data).toMatchObject({ reason: 'bereavement', income: { amountMinor: 200000, currency: 'EUR' } });

    const again = await apiCall('POST', '/api/Portal/RequestBreathingSpace', { token, json: { reason: 'other' } });
    expectProblem(again, 409, 'alreadyPaused');
    expect(again.body.values).toEqual({ date: addDays(today, 30) });

    const after = await apiCall('GET', '/api/Portal/GetHardship', { token });
    expect(after.body.breathingSpace).toMatchObject({ state: 'running', pausedUntil: addDays(today, 30) });
  });
});
