/**
 * The hardship capability against the demo database: its view for each login level and file, and
 * the breathing space through the action layer (the door every caller uses): the level, the file
 * rules, once in 12 months, the pause of reminders, the event, the mails, invalid input.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionContext, ActionSession } from '#server/actions/define.ts';
import { runAction } from '#server/actions/run.ts';
import { todayIso } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { remindersPaused } from '#server/documents/forms.ts';
import { affordableMonthly } from '#server/instalments/affordability.ts';
import { addDays, addMonths } from '#server/instalments/dates.ts';
import { loadFileContext } from '#server/instalments/context.ts';
import { planOffer } from '#server/instalments/plans.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { breathingSpaceEvents } from './request.ts';
import { hardshipView } from './view.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function fileOf(refno: string) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return row!;
}

async function sessionOf(refno: string, level: 'limited' | 'full'): Promise<ActionSession> {
  const file = await fileOf(refno);
  return { debtorId: file.debtorId, fileId: file.id, level, idHash: `hardship-${refno}-${level}` };
}

let clients = 0;
function contextFor(session: ActionSession | null, now = new Date()): ActionContext {
  clients += 1;
  return {
    db: database.db,
    session,
    variant: 'de',
    locale: 'de',
    now,
    clientKey: `203.0.113.${clients % 250}`,
    door: 'api',
  };
}

const outbox = async (fileId: number) => database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, fileId));

describe('the breathing space through the action layer', () => {
  it('asks a reference-only session for the password, and a visitor to sign in', async () => {
    const limited = await runAction('requestBreathingSpace', contextFor(await sessionOf('100000001', 'limited')), {
      reason: 'jobLoss',
    });
    expect(limited).toEqual({ ok: false, kind: 'stepUp' });
    const visitor = await runAction('requestBreathingSpace', contextFor(null), { reason: 'jobLoss' });
    expect(visitor).toMatchObject({ ok: false, kind: 'stepUp', signIn: true });
    expect((await fileOf('100000001')).breathingSpaceAt).toBeNull();
  });

  it('reads the input with the page’s schema: a reason is needed, amounts as the page shows them', async () => {
    const ctx = contextFor(await sessionOf('100000001', 'full'));
    const missing = await runAction('requestBreathingSpace', ctx, { statement: 'x' });
    expect(missing).toMatchObject({ ok: false, kind: 'invalid' });
    expect(missing.ok === false && missing.kind === 'invalid' && missing.issues[0]?.message).toBe(
      'hardship:errors.reason',
    );
    const badAmount = await runAction('requestBreathingSpace', ctx, { reason: 'illness', income: 'viel' });
    expect(badAmount).toMatchObject({ ok: false, kind: 'invalid', issues: [{ path: ['income'] }] });
    const tooLong = await runAction('requestBreathingSpace', ctx, { reason: 'other', statement: 'a'.repeat(2001) });
    expect(tooLong).toMatchObject({ ok: false, kind: 'invalid', issues: [{ path: ['statement'] }] });
    expect((await fileOf('100000001')).breathingSpaceAt).toBeNull();
  });

  it('pauses collection for 30 days, stops reminders, records an event and tells the agency and the debtor', async () => {
    const session = await sessionOf('100000001', 'full');
    const now = new Date();
    const today = todayIso(now);
    const result = await runAction('requestBreathingSpace', contextFor(session, now), {
      reason: 'jobLoss',
      statement: 'Ich habe im Oktober meine Arbeit verloren.',
      income: '1.450,00',
      expenses: '1.100,00',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.pausedUntil).toBe(addDays(today, 30));
    expect(result.value.remindersPaused).toBe(true);

    // The instalment that fits comes from the wizard's own helper and the file's own limits.
    const file = (await loadFileContext(database.db, session, today))!;
    const expected = affordableMonthly(planOffer(file).limits, { incomeMinor: 145_000, outgoingsMinor: 110_000 });
    expect(result.value.fits).toMatchObject(expected);
    expect(expected.kind).toBe('ok');

    const row = await fileOf('100000001');
    expect(row.collectionPausedUntil).toBe(addDays(today, 30));
    expect(remindersPaused(row, today)).toBe(true);
    expect(remindersPaused(row, addDays(today, 31))).toBe(false);

    const events = await breathingSpaceEvents(database.db, session.fileId);
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({ reason: 'jobLoss', pausedUntil: addDays(today, 30), review: true });

    const mails = await outbox(session.fileId);
    const agency = mails.find((m) => m.template === 'agencyHardship');
    expect(agency?.toAddress).toBe('service@clarus-inkasso.example');
    expect(agency?.data).toMatchObject({
      reason: 'jobLoss',
      statement: 'Ich habe im Oktober meine Arbeit verloren.',
      income: { amountMinor: 145_000, currency: 'EUR' },
      expenses: { amountMinor: 110_000, currency: 'EUR' },
    });
    expect(
      mails.find((m) => m.template === 'receipt' && (m.data as { kind?: string }).kind === 'hardship'),
    ).toBeTruthy();
  });

  it('takes one request per file in 12 months: running, then used, then possible again', async () => {
    const session = await sessionOf('100000001', 'full');
    const pausedUntil = (await fileOf('100000001')).collectionPausedUntil!;
    const today = todayIso();
    const again = await runAction('requestBreathingSpace', contextFor(session), { reason: 'illness' });
    expect(again).toMatchObject({ ok: false, kind: 'refused', reason: 'alreadyPaused', detail: { date: pausedUntil } });
    expect(again.ok === false && again.kind === 'refused' && again.alternatives).toContain('requestCallback');

    const later = new Date(Date.now() + 40 * 86_400_000);
    const used = await runAction('requestBreathingSpace', contextFor(session, later), { reason: 'illness' });
    expect(used).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: 'usedThisYear',
      detail: { date: addMonths(today, 12) },
    });

    const nextYear = new Date(`${addMonths(today, 12)}T12:00:00Z`);
    const renewed = await runAction('requestBreathingSpace', contextFor(session, nextYear), { reason: 'separation' });
    expect(renewed.ok).toBe(true);
    expect(await breathingSpaceEvents(database.db, session.fileId)).toHaveLength(2);
  });

  it('refuses a closed file and a file under an enforcement measure, with a person instead', async () => {
    const settled = await runAction('requestBreathingSpace', contextFor(await sessionOf('100000006', 'full')), {
      reason: 'other',
    });
    expect(settled).toMatchObject({ ok: false, kind: 'refused', reason: 'finished' });
    expect(settled.ok === false && settled.kind === 'refused' && settled.alternatives).toContain('requestCallback');
    const measure = await runAction('requestBreathingSpace', contextFor(await sessionOf('100000007', 'full')), {
      reason: 'other',
    });
    expect(measure).toMatchObject({ ok: false, kind: 'refused', reason: 'measureRunning' });
  });
});

describe('the hardship view', () => {
  it('shows a reference-only session what is possible and asks the password only for the request', async () => {
    const session = await sessionOf('100000002', 'limited');
    const today = todayIso();
    const file = (await loadFileContext(database.db, session, today))!;
    const view = await hardshipView(database.db, file, 'limited');
    expect(view.breathingSpace).toEqual({ state: 'available' });
    expect(view.canRequest).toBe(false);
    expect(view.needsFullLogin).toBe(true);
    // A running plan: no new plan, but skipping the next instalment (the skip page's own figures).
    expect(view.relief.instalment).toBeNull();
    expect(view.relief.skip).toMatchObject({ path: '/skip-installment' });
    expect(view.advice.map((a) => a.id)).toContain('bagSb');
    expect(view.support).toMatchObject({ phone: '040 6094 1100', callbackPath: '/service/contact?action=callback' });
    expect(view.support.hours).toHaveLength(5);
  });

  it('names the deferral and the instalment limits from the file’s own rules', async () => {
    const session = await sessionOf('100000004', 'full');
    const file = (await loadFileContext(database.db, session, todayIso()))!;
    const view = await hardshipView(database.db, file, 'full');
    expect(view.relief.deferral?.kind).toBe('granted');
    expect(view.relief.deferral?.payBy).toBe(file.facts.deferral?.payBy);

    const open = await sessionOf('100000005', 'full');
    const deposit = (await loadFileContext(database.db, open, todayIso()))!;
    expect((await hardshipView(database.db, deposit, 'full')).relief.instalment).toBeNull();
  });

  it('shows the running breathing space with its end, and no request', async () => {
    const session = await sessionOf('100000001', 'full');
    const file = (await loadFileContext(database.db, session, todayIso()))!;
    const view = await hardshipView(database.db, file, 'full');
    expect(view.breathingSpace.state).toBe('running');
    expect(view.canRequest).toBe(false);
  });
});
