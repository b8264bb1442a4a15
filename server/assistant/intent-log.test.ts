import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { newConversationId, recordOutcome, recordTurn } from './intent-log.ts';

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
