/**
 * Issue 25, finding 9: the desk's figures count by the agency's calendar day (as the log shows its
 * times), and the shares say what they count: an unplaced question is never "kept in the portal".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOutcome, recordTurn } from '#server/assistant/intent-log.ts';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { deskFigures, listLog } from './review.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const turn = async (at: string, intent: string, outcome?: 'handedToPerson' | 'linkOffered') => {
    const { turnId } = await recordTurn(database.db, {
      conversationId: `c-${at}`,
      variant: 'serviceportal',
      language: 'de',
      text: 'eine Frage',
      intent,
      confidence: 0.9,
      engine: 'embedded',
    });
    await database.db
      .update(t.intentLog)
      .set({ at: new Date(at) })
      .where(eq(t.intentLog.id, turnId));
    if (outcome) await recordOutcome(database.db, turnId, outcome);
  };
  // 23:30 UTC on 1 March is 00:30 on 2 March in Berlin (winter time); 22:30 UTC on 1 July is
  // 00:30 on 2 July (summer time); 21:30 UTC on 1 July is still 1 July in Berlin.
  await turn('2026-03-01T23:30:00Z', 'pay_now', 'linkOffered');
  await turn('2026-03-01T10:00:00Z', 'out_of_scope');
  await turn('2026-07-01T22:30:00Z', 'callback', 'handedToPerson');
  await turn('2026-07-01T21:30:00Z', 'pay_instalments');
});
afterAll(async () => database?.dispose());

describe('the desk figures', () => {
  it('groups by the day in the agency’s time zone, not by the UTC day', async () => {
    const figures = await deskFigures(database.db, {});
    expect(figures.volume).toEqual([
      { day: '2026-03-01', intent: 'out_of_scope', turns: 1 },
      { day: '2026-03-02', intent: 'pay_now', turns: 1 },
      { day: '2026-07-01', intent: 'pay_instalments', turns: 1 },
      { day: '2026-07-02', intent: 'callback', turns: 1 },
    ]);
  });

  it('filters by the agency’s days, summer and winter time alike', async () => {
    const march2 = await deskFigures(database.db, { from: '2026-03-02', to: '2026-03-02' });
    expect(march2.volume.map((v) => v.intent)).toEqual(['pay_now']);
    const july1 = await deskFigures(database.db, { from: '2026-07-01', to: '2026-07-01' });
    expect(july1.volume.map((v) => v.intent)).toEqual(['pay_instalments']);
    // The log's list takes the same filter.
    const listed = await listLog(database.db, { from: '2026-07-02', to: '2026-07-02' });
    expect(listed.entries.map((e) => e.intent)).toEqual(['callback']);
  });

  it('never counts an unplaced question as kept in the portal; the shares add up', async () => {
    const figures = await deskFigures(database.db, {});
    expect(figures.total).toBe(4);
    expect(figures.fallbackRate).toBe(0.25);
    expect(figures.handedRate).toBe(0.25);
    // pay_now and pay_instalments: placed, not handed over. Not the out-of-scope one.
    expect(figures.containment).toBe(0.5);
    expect(figures.fallbackRate + figures.handedRate + figures.containment).toBe(1);
  });
});
