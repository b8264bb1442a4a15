import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { purgeExpired } from '../retention/purge.ts';
import {
  abandonConversation,
  followUpWindowMinutes,
  newConversationId,
  recordFollowUp,
  recordOutcome,
  recordTurn,
  turnOutcomes,
} from './intent-log.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => database.dispose());

describe('the intent log door', () => {
  it('stores a turn with its facts, the text anonymised and nothing that leads to the debtor', async () => {
    const conversationId = newConversationId();
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(newConversationId()).not.toBe(conversationId);
    const { turnId } = await recordTurn(database.db, {
      conversationId,
      variant: 'serviceportal',
      language: 'de-DE',
      text: 'Ich bin Anna Schmidt, Aktenzeichen 100000001, kann ich später zahlen?',
      known: { names: ['Anna Schmidt'], references: ['100000001'] },
      intent: 'pay_later',
      confidence: 1.7,
      engine: 'model',
      slots: { date: '2026-12-15' },
      actionOffered: '/checkout/pay-later?date=2026-12-15',
      outcome: 'linkOffered',
      refusalReason: 'ignored unless refused',
      latencyMs: 41.6,
    });
    const [row] = await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, turnId));
    // Stored unlinkable: not the pane's id, but the same for every turn of the conversation.
    expect(row?.conversationId).not.toBe(conversationId);
    expect(row?.conversationId).toMatch(/^[\w-]{22}$/);
    const again = await recordTurn(database.db, {
      conversationId,
      variant: 'serviceportal',
      language: 'de',
      text: 'danke',
      intent: 'thanks_goodbye',
      confidence: 0.9,
      engine: 'embedded',
    });
    const [second] = await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, again.turnId));
    expect(second?.conversationId).toBe(row?.conversationId);
    expect(row).toMatchObject({
      language: 'de',
      anonymisedText: 'Ich bin [NAME], Aktenzeichen [REFERENCE], kann ich später zahlen?',
      intentId: 'pay_later',
      confidence: 1000,
      engine: 'model',
      clarified: false,
      actionOffered: '/checkout/pay-later?date=2026-12-15',
      outcome: 'linkOffered',
      refusalReason: null,
      latencyMs: 42,
      correctedIntent: null,
    });
    // The table has no column for a debtor, a file, a reference or a session.
    expect(Object.keys(t.intentLog)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/debtor|file|session|refno/i)]),
    );
  });

  it('records outcomes later: a refusal with its reason, a question back as clarified', async () => {
    const turn = () =>
      recordTurn(database.db, {
        conversationId: newConversationId(),
        variant: 'serviceportal',
        language: 'en',
        text: 'show me my address',
        intent: 'update_profile',
        confidence: 0.7,
        engine: 'embedded',
      });
    const refused = await turn();
    await recordOutcome(database.db, refused.turnId, 'refused', { refusalReason: 'fullLoginRequired' });
    const asked = await turn();
    await recordOutcome(database.db, asked.turnId, 'clarified');
    const rows = await database.db.select().from(t.intentLog);
    expect(rows.find((r) => r.id === refused.turnId)).toMatchObject({
      outcome: 'refused',
      refusalReason: 'fullLoginRequired',
    });
    expect(rows.find((r) => r.id === asked.turnId)).toMatchObject({ outcome: 'clarified', clarified: true });
  });
});

describe('a chat turn’s conversation, saved in the statement that writes its row', () => {
  const turn = (conversationId: string, text: string) => ({
    conversationId,
    variant: 'serviceportal',
    language: 'de',
    text,
    intent: 'claim_balance' as const,
    confidence: 0.9,
    engine: 'embedded' as const,
  });
  const transcript = async (id: string) =>
    (await database.db.select().from(t.chatTranscripts).where(eq(t.chatTranscripts.id, id)))[0];
  const logged = async (turnId: number) =>
    (await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, turnId)))[0];

  it.each([
    ['a visitor’s', null],
    ['a session’s', 's'.repeat(64)],
  ])('saves %s conversation and writes the row; a later turn replaces the messages', async (_, sessionKey) => {
    const id = newConversationId().replaceAll('-', '');
    const owner = { sessionKey, variant: 'serviceportal' };
    const first = await recordTurn(database.db, turn(id, 'wie viel'), { id, owner, messages: [{ n: 1 }] });
    expect(await transcript(id)).toMatchObject({ sessionKey, variant: 'serviceportal', messages: [{ n: 1 }] });
    expect(await logged(first.turnId)).toMatchObject({ intentId: 'claim_balance', anonymisedText: 'wie viel' });
    const second = await recordTurn(database.db, turn(id, 'danke'), { id, owner, messages: [{ n: 1 }, { n: 2 }] });
    expect((await transcript(id))?.messages).toEqual([{ n: 1 }, { n: 2 }]);
    expect(second.turnId).toBeGreaterThan(first.turnId);
  });

  it('never takes over another session’s conversation, and still logs the turn', async () => {
    const id = newConversationId().replaceAll('-', '');
    const mine = { sessionKey: 'a'.repeat(64), variant: 'serviceportal' };
    await recordTurn(database.db, turn(id, 'hallo'), { id, owner: mine, messages: [{ mine: true }] });
    for (const sessionKey of ['b'.repeat(64), null]) {
      const other = { sessionKey, variant: 'serviceportal' };
      const { turnId } = await recordTurn(database.db, turn(id, 'und jetzt'), {
        id,
        owner: other,
        messages: [{ mine: false }],
      });
      expect(await transcript(id)).toMatchObject({ sessionKey: mine.sessionKey, messages: [{ mine: true }] });
      expect(await logged(turnId)).toMatchObject({ anonymisedText: 'und jetzt' });
    }
  });
});

describe('the abandoned outcome', () => {
  const turn = (conversationId: string, outcome: 'linkOffered' | 'linkFollowed' | 'refused', path = '/feedback') =>
    recordTurn(database.db, {
      conversationId,
      variant: 'serviceportal',
      language: 'de',
      text: 'ich möchte etwas tun',
      intent: 'feedback',
      confidence: 0.9,
      engine: 'embedded',
      actionOffered: path,
      outcome,
    });
  const outcomeOf = async (turnId: number) =>
    (await database.db.select().from(t.intentLog).where(eq(t.intentLog.id, turnId)))[0]?.outcome;
  const age = (turnId: number, minutes: number, now: Date) =>
    database.db
      .update(t.intentLog)
      .set({ at: new Date(now.getTime() - minutes * 60_000) })
      .where(eq(t.intentLog.id, turnId));

  it('marks the offers of a closed pane abandoned, and nothing else', async () => {
    const closed = newConversationId();
    const other = newConversationId();
    const offered = await turn(closed, 'linkOffered');
    const followed = await turn(closed, 'linkFollowed');
    const refused = await turn(closed, 'refused');
    const elsewhere = await turn(other, 'linkOffered');
    expect(await abandonConversation(database.db, closed)).toBe(1);
    expect(await outcomeOf(offered.turnId)).toBe('abandoned');
    expect(await outcomeOf(followed.turnId)).toBe('linkFollowed');
    expect(await outcomeOf(refused.turnId)).toBe('refused');
    expect(await outcomeOf(elsewhere.turnId)).toBe('linkOffered');
  });

  it('counts the link when the pane is opened again and the abandoned offer followed', async () => {
    const conversationId = newConversationId();
    const offered = await turn(conversationId, 'linkOffered', '/announce-payment?date=2026-03-14');
    await abandonConversation(database.db, conversationId);
    expect(await recordFollowUp(database.db, conversationId, '/announce-payment', 'linkFollowed')).toBe(true);
    expect(await outcomeOf(offered.turnId)).toBe('linkFollowed');
  });

  it('abandons an offer left open past the follow-up window when the retention job runs, not before', async () => {
    const now = new Date();
    const stale = await turn(newConversationId(), 'linkOffered');
    const fresh = await turn(newConversationId(), 'linkOffered');
    const followedLong = await turn(newConversationId(), 'linkFollowed');
    await age(stale.turnId, followUpWindowMinutes + 1, now);
    await age(fresh.turnId, followUpWindowMinutes - 1, now);
    await age(followedLong.turnId, followUpWindowMinutes + 30, now);
    const report = await purgeExpired(database.db, [], now);
    expect(report).toMatchObject({ ran: true });
    expect(report.ran && report.abandoned).toBeGreaterThanOrEqual(1);
    expect(await outcomeOf(stale.turnId)).toBe('abandoned');
    expect(await outcomeOf(fresh.turnId)).toBe('linkOffered');
    expect(await outcomeOf(followedLong.turnId)).toBe('linkFollowed');
    // The staff desk's filter knows the outcome.
    expect(turnOutcomes).toContain('abandoned');
  });
});
