import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHref } from '../links.ts';
import { FIXTURE, writeFixtureCorpus } from '../test-helpers/fixture-corpus.ts';
import { CLARIFY_BELOW, Engine, splitClauses } from './classify.ts';
import { DATE_WORD, featureCounts, markDates } from './features.ts';
import { detectLanguage } from './language.ts';
import { expectedCalibrationError, fitTemperature, seededRandom, softmax } from './linear.ts';
import { probabilities, trainLanguage, type LangModel } from './model.ts';
import { fold } from './normalise.ts';
import { deserialise, ensureModels, serialise } from './store.ts';

const examples = (lang: 'de' | 'en') =>
  Object.entries(FIXTURE[lang]).flatMap(([intent, lines]) =>
    lines.map((text) => ({ text, intent: intent as 'greeting' })),
  );

let de: LangModel;
let en: LangModel;
let engine: Engine;
beforeAll(() => {
  de = trainLanguage('de', examples('de'));
  en = trainLanguage('en', examples('en'));
  engine = new Engine(
    new Map([
      ['de', de],
      ['en', en],
    ]),
  );
});

describe('normalisation', () => {
  it.each([
    ['Muß', 'muss'],
    ['pagué', 'pague'],
    ['ÖDEME', 'odeme'],
    ['İADE', 'iade'],
    ['Ödeme yaptım', 'odeme yaptim'],
    ['nästa fredag', 'nasta fredag'],
    ['ﬁnal', 'final'],
  ])('%s folds to %s', (raw, folded) => {
    expect(fold(raw)).toBe(folded);
  });

  it('keeps the raw word beside the folded one, and reduces numbers to one shape', () => {
    const features = featureCounts('Pagué 50 €');
    expect(features.get('w:pague')).toBe(1);
    expect(features.get('r:pagué')).toBe(1);
    expect(features.has('w:0')).toBe(true);
    expect(featureCounts('80 euro').get('b:0 euro')).toBe(1);
    expect(featureCounts('50 euro').get('b:0 euro')).toBe(1);
  });

  // "il 15/12 va bene" and "15.12 olur mu" were "il 0 0 va bene" and "0 0 olur mu": two bare
  // numbers, the shape of a rate and a count, with nothing of a date (decision 090).
  it.each([
    ['il 15/12 va bene', 'il', 'va'],
    ['15.12 olur mu', undefined, 'olur'],
    ['am 15.12. zahle ich', 'am', 'zahle'],
    ['vale el 3/1/2027', 'el', undefined],
    ['2026-12-15 bitte', undefined, 'bitte'],
  ])('reads the numeric date in %j as one date word', (text, before, after) => {
    const features = featureCounts(text);
    expect(features.get(`w:${DATE_WORD}`)).toBe(1);
    expect(features.has('w:0')).toBe(false);
    if (before) expect(features.get(`b:${before} ${DATE_WORD}`)).toBe(1);
    if (after) expect(features.get(`b:${DATE_WORD} ${after}`)).toBe(1);
    expect([...features.keys()].some((f) => f.startsWith('c:') && f.includes('date'))).toBe(false);
  });

  it.each([
    '12.50 €',
    '15.12 €',
    '1.500 euro',
    'rate 12,50',
    'ma note : 4/5',
    '10/10',
    '50 in 12 monaten',
    'am 15. zahlen',
  ])('keeps %j as numbers: an amount, a rating or a bare day is no numeric date', (text) => {
    expect(markDates(text)).toBe(text);
    expect(featureCounts(text).has(`w:${DATE_WORD}`)).toBe(false);
  });
});

describe('calibration', () => {
  it('fits the temperature that generated the labels', () => {
    const random = seededRandom(7);
    const logits: Float64Array[] = [];
    const labels: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const z = Float64Array.from({ length: 4 }, () => random() * 8);
      const p = softmax(Float64Array.from(z), 2.5);
      let u = random();
      let label = 0;
      while (label < 3 && u > p[label]!) u -= p[label++]!;
      logits.push(z);
      labels.push(label);
    }
    expect(fitTemperature(logits, labels)).toBeCloseTo(2.5, 0);
  });

  it('measures the calibration error', () => {
    expect(
      expectedCalibrationError(
        [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9],
        [true, true, true, true, true, true, true, true, true, false],
      ),
    ).toBeCloseTo(0, 6);
    expect(expectedCalibrationError([0.95, 0.95], [false, false])).toBeCloseTo(0.95, 6);
  });

  it('reports held-out figures from the training folds', () => {
    expect(de.report.folds).toBe(5);
    expect(de.report.examples).toBe(50);
    expect(de.temperature).toBeGreaterThan(0);
    expect(de.report.eceCalibrated).toBeLessThanOrEqual(de.report.eceRaw + 1e-9);
  });
});

describe('Engine.classify on a small fixture corpus', () => {
  it.each([
    ['können wir das über eine ratenzahlung lösen', 'pay_instalments'],
    ['das geld habe ich doch längst überwiesen', 'already_paid'],
    ['könnte mich bitte jemand zurückrufen', 'callback'],
    ['could I spread this over monthly instalments', 'pay_instalments'],
    ['I have paid this already by transfer', 'already_paid'],
    ['could somebody ring me back please', 'callback'],
  ])('understands held-out "%s" as %s', (text, intent) => {
    const result = engine.classify(text, { today: '2026-11-22' });
    expect(result.intent).toBe(intent);
    expect(result.clarify).toBe(false);
    expect(result.href).toBe(buildHref(result.intent, result.slots));
  });

  it('tolerates typos and missing umlauts', () => {
    expect(engine.classify('ich hab schon ueberwiesn', { lang: 'de' }).intent).toBe('already_paid');
    expect(engine.classify('ratenzahlng bite', { lang: 'de' }).intent).toBe('pay_instalments');
  });

  it('never acts on gibberish: it is out of scope or a question', () => {
    for (const text of ['qwertz asdf yxcv', 'xxxx', 'blorp']) {
      const result = engine.classify(text, { lang: 'de' });
      expect(result.intent === 'out_of_scope' || result.clarify, text).toBe(true);
    }
  });

  it('asks instead of guessing when unsure: two or three likeliest intents, most likely first', () => {
    const result = engine.classify('geld', { lang: 'de' });
    expect(result.confidence).toBeLessThan(CLARIFY_BELOW);
    expect(result.clarify).toBe(true);
    expect(result.alternatives.length).toBeGreaterThanOrEqual(2);
    expect(result.alternatives.length).toBeLessThanOrEqual(3);
    expect(result.alternatives[0]!.intent).toBe(result.intent);
    const confidences = result.alternatives.map((a) => a.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  it('does not offer alternatives when it is sure', () => {
    const result = engine.classify('ich möchte in raten zahlen', { lang: 'de' });
    expect(result.confidence).toBeGreaterThanOrEqual(CLARIFY_BELOW);
    expect(result.alternatives).toEqual([]);
  });

  it('finds the other wishes of a long message', () => {
    const result = engine.classify(
      'Guten Tag, ich habe letzte Woche schon bezahlt und bitte rufen Sie mich am Montag zurück',
      { today: '2026-11-22' },
    );
    const found = [result.intent, ...result.others.map((o) => o.intent)];
    expect(found).toEqual(expect.arrayContaining(['already_paid', 'callback']));
    expect(found).not.toContain('greeting');
    expect(result.others.find((o) => o.intent === 'callback' || o.intent === 'already_paid')?.href).toMatch(
      /^\/(announce-payment|service\/contact\?action=callback)/,
    );
  });

  it('names no other wishes in a short message', () => {
    expect(engine.classify('rückruf bitte', { lang: 'de' }).others).toEqual([]);
  });

  it('replies in the language of the message, and in the page language for one or two words that say nothing about it', () => {
    expect(engine.classify('I would like to pay in monthly instalments', { pageLang: 'de' })).toMatchObject({
      lang: 'en',
      langSource: 'detected',
      intent: 'pay_instalments',
    });
    expect(engine.classify('ich möchte bitte in monatlichen raten zahlen', { pageLang: 'en' })).toMatchObject({
      lang: 'de',
      langSource: 'detected',
      intent: 'pay_instalments',
    });
    // One or two words keep the page language when they say nothing about it (decision 071) …
    expect(engine.classify('ok', { pageLang: 'en' })).toMatchObject({ lang: 'en', langSource: 'page' });
    expect(engine.classify('50', { pageLang: 'sv' })).toMatchObject({ lang: 'sv', langSource: 'page' });
    // … and follow the one language their words belong to when they do: only the German data says "hallo".
    expect(engine.classify('hallo', { pageLang: 'en' })).toMatchObject({ lang: 'de', langSource: 'detected' });
    expect(engine.classify('hello', { lang: 'de' })).toMatchObject({ lang: 'de', langSource: 'given' });
  });

  it('uses the page language model when the detected language has none', () => {
    const result = engine.classify('quiero pagar a plazos cada mes', { pageLang: 'en' });
    expect(result.lang).toBe('es');
  });
});

describe('splitClauses', () => {
  it.each([
    [
      'de',
      'Ich habe schon bezahlt und brauche jetzt eine Bestätigung. Außerdem bin ich umgezogen',
      ['Ich habe schon bezahlt', 'brauche jetzt eine Bestätigung', 'Außerdem bin ich umgezogen'],
    ],
    ['en', 'call me back and thanks', ['call me back and thanks']],
    ['sv', 'jag har betalat men vill ha en bekräftelse', ['jag har betalat', 'vill ha en bekräftelse']],
  ] as const)('%s: %s', (lang, text, clauses) => {
    expect(splitClauses(text, lang)).toEqual(clauses);
  });
});

describe('the model file', () => {
  it('loads back to the same probabilities', () => {
    const { models } = deserialise(serialise([de, en], 'x'));
    for (const text of ['ich habe bezahlt', 'quatsch mit soße', 'call me']) {
      expect([...probabilities(models.get('de')!, text)]).toEqual([...probabilities(de, text)]);
    }
  });

  it('is trained when missing, reused when fresh and retrained when the data changed', () => {
    const root = writeFixtureCorpus();
    const file = path.join(root, 'model', 'm.json');
    const log: string[] = [];
    ensureModels({ root, file, log: (line) => log.push(line) });
    expect(log[0]).toMatch(/missing/);
    const written = readFileSync(file, 'utf8');
    log.length = 0;
    ensureModels({ root, file, log: (line) => log.push(line) });
    expect(log).toEqual([]);
    appendFileSync(path.join(root, 'training', 'de', 'callback.txt'), 'bitte ruf mich an\n');
    const models = ensureModels({ root, file, log: (line) => log.push(line) });
    expect(log[0]).toMatch(/stale/);
    expect(models.get('de')!.report.examples).toBe(51);
    expect(readFileSync(file, 'utf8')).not.toBe(written);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"weights":"[^"]{8}/, '"weights":"'));
    expect(() => deserialise(readFileSync(file, 'utf8'))).toThrow(/inconsistent/);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['ya pagué la factura el lunes', 'es'],
    ["j'ai déjà payé la facture", 'fr'],
    ['ho già pagato la fattura', 'it'],
    ['faturayı zaten ödedim', 'tr'],
    ['jag har redan betalat fakturan', 'sv'],
    ['ich habe schon bezahlt', 'de'],
    ['i have already paid', 'en'],
  ] as const)('%s → %s', (text, lang) => {
    expect(detectLanguage(text, lang === 'de' ? 'en' : 'de')).toEqual({ lang, source: 'detected' });
  });
});
