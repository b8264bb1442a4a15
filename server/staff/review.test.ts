import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../intents/data/corpus.ts';
import { recordOutcome, recordTurn } from '#server/assistant/intent-log.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { createStaffAccount } from './accounts.ts';
import {
  correctEntry,
  correctedAccuracy,
  correctionLines,
  deskFigures,
  getEntry,
  listLog,
  readLogQuery,
  toJsonLines,
} from './review.ts';

let database: TestDatabase;
let staffId: number;
const ids: Record<string, number> = {};

// Every test on a log of its own (four turns, one reviewer): none relies on what another did,
// so each runs alone (-t) and in any order.
beforeEach(async () => {
  database = await createTestDatabase({ seed: false });
  const staff = await createStaffAccount(
    database.db,
    { email: 'r@agency.example', role: 'reviewer', password: 'correct horse battery' },
    { fastHash: true },
  );
  if (!staff.ok) throw new Error('no staff');
  staffId = staff.account.id;
  const turn = (text: string, intent: string, language = 'de', confidence = 0.9) =>
    recordTurn(database.db, {
      conversationId: 'c1',
      variant: 'serviceportal',
      language,
      text,
      intent,
      confidence,
      engine: 'embedded',
    });
  ids.iban = (
    await turn(
      'Ich bin Max Mustermann, meine IBAN ist DE89 3704 0044 0532 0130 00, schreiben Sie an max.mustermann@example.com',
      'claim_origin',
    )
  ).turnId;
  ids.rate = (await turn('kann ich 50 euro im monat zahlen', 'pay_now', 'de', 0.55)).turnId;
  ids.english = (await turn('I want to talk to someone', 'callback', 'en', 0.4)).turnId;
  ids.unknown = (await turn('wie wird das wetter', 'out_of_scope', 'de', 0.3)).turnId;
  await recordOutcome(database.db, ids.english, 'handedToPerson');
});
afterEach(async () => database.dispose());

/** The reviewer's two corrections: the rate question is an instalment request, the IBAN turn a profile change. */
async function correctTwo() {
  expect(await correctEntry(database.db, staffId, ids.rate!, 'pay_instalments', { rate: '50' })).toEqual({
    ok: true,
  });
  expect(await correctEntry(database.db, staffId, ids.iban!, 'update_profile')).toEqual({ ok: true });
}

describe('the log on the desk', () => {
  it('holds the anonymised text only', async () => {
    const entry = await getEntry(database.db, ids.iban!);
    expect(entry?.text).not.toMatch(/Mustermann|DE89|3704|example\.com/);
    expect(entry?.text).toContain('[IBAN]');
    expect(entry?.text).toContain('[EMAIL]');
  });

  it('filters by language, confidence band and correction, and sorts', async () => {
    const q = (query: string) => readLogQuery(new URL(`http://x/staff?${query}`));
    expect((await listLog(database.db, q('language=en'))).entries.map((e) => e.id)).toEqual([ids.english]);
    expect((await listLog(database.db, q('band=low'))).entries.map((e) => e.id).sort()).toEqual(
      [ids.english, ids.unknown].sort(),
    );
    const byConfidence = await listLog(database.db, q('sort=confidence&dir=asc'));
    expect(byConfidence.entries.map((e) => e.confidence)).toEqual([0.3, 0.4, 0.55, 0.9]);
    // Unknown values are ignored, not an error.
    expect((await listLog(database.db, q('language=xx&band=huge&page=-3'))).total).toBe(4);
  });
});

describe('corrections', () => {
  it('export as training lines of intents/corrections/<lang>.jsonl that the data checks accept', async () => {
    await correctTwo();
    expect(await correctEntry(database.db, staffId, ids.iban!, 'no_such_intent')).toEqual({
      ok: false,
      error: 'intent',
    });
    expect((await listLog(database.db, readLogQuery(new URL('http://x/?corrected=yes')))).total).toBe(2);

    const lines = await correctionLines(database.db);
    const jsonl = toJsonLines(lines);
    const parsed = jsonl
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed[0]).toEqual({
      text: 'kann ich 50 euro im monat zahlen',
      intent: 'pay_instalments',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      href: '/checkout/pay-installments?rate=50',
    });
    expect(parsed[1]).toMatchObject({ intent: 'update_profile' });
    expect(Object.keys(parsed[1]!)).toEqual(['text', 'intent']);
    expect(jsonl).not.toMatch(/Mustermann|DE89|example\.com/);

    // The file as it would be added to intents/: the corpus loader reads it without a violation.
    const root = mkdtempSync(path.join(tmpdir(), 'corrections-'));
    mkdirSync(path.join(root, 'corrections'));
    writeFileSync(path.join(root, 'corrections', 'de.jsonl'), jsonl);
    const corpus = loadCorpus(root);
    expect(corpus.violations).toEqual([]);
    expect(corpus.train.map((u) => [u.intent, u.source])).toEqual([
      ['pay_instalments', 'correction'],
      ['update_profile', 'correction'],
    ]);
  });

  it('counts how many corrected entries a classifier gets right', async () => {
    await correctTwo();
    const result = await correctedAccuracy(database.db, (text) =>
      text.includes('50 euro') ? 'pay_instalments' : 'claim_origin',
    );
    expect(result).toEqual({ corrected: 2, right: 1 });
  });

  it('gives the figures behind the charts', async () => {
    await correctTwo();
    const figures = await deskFigures(database.db, {});
    expect(figures.total).toBe(4);
    expect(figures.fallbackRate).toBe(0.25);
    expect(figures.containment).toBe(0.5);
    expect(figures.confusion).toEqual(
      expect.arrayContaining([
        { predicted: 'pay_now', corrected: 'pay_instalments', turns: 1 },
        { predicted: 'claim_origin', corrected: 'update_profile', turns: 1 },
      ]),
    );
    expect(figures.volume.reduce((sum, v) => sum + v.turns, 0)).toBe(4);
  });
});
