import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.ts';

/** A data folder made of the given files (relative path → content). */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'corpus-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

const messages = (root: string) => loadCorpus(root).violations.map((v) => `${v.file}:${v.line} ${v.message}`);

describe('loadCorpus', () => {
  it('reads training lines, skipping blank lines and # comments, and dev and correction lines', () => {
    const corpus = loadCorpus(
      folder({
        'training/de/pay_now.txt': '# comment\nalles zahlen\n\n  jetzt komplett bezahlen  \n',
        'training/en/greeting.txt': 'hello\r\nhi there\r\n',
        'dev/de.jsonl':
          '{"text":"sofort alles","intent":"pay_now"}\n{"text":"50 im Monat","intent":"pay_instalments","today":"2026-11-22","href":"/checkout/pay-installments?rate=50"}\n',
        'corrections/de.jsonl': '{"text":"gleich alles begleichen","intent":"pay_now"}\n',
      }),
    );
    expect(corpus.violations).toEqual([]);
    expect(corpus.train.map((u) => [u.lang, u.intent, u.text, u.source, u.line])).toEqual([
      ['de', 'pay_now', 'alles zahlen', 'train', 2],
      ['de', 'pay_now', 'jetzt komplett bezahlen', 'train', 4],
      ['en', 'greeting', 'hello', 'train', 1],
      ['en', 'greeting', 'hi there', 'train', 2],
      ['de', 'pay_now', 'gleich alles begleichen', 'correction', 1],
    ]);
    expect(corpus.dev[1]).toMatchObject({
      intent: 'pay_instalments',
      today: '2026-11-22',
      href: '/checkout/pay-installments?rate=50',
    });
    expect(corpus.dev[0]).not.toHaveProperty('href');
  });

  it('names unknown intents and languages', () => {
    expect(
      messages(
        folder({
          'training/de/pay_soon.txt': 'bald zahlen\n',
          'training/nl/pay_now.txt': 'nu betalen\n',
          'dev/de.jsonl': '{"text":"bald","intent":"pay_soon"}\n',
          'dev/nl.jsonl': '{"text":"nu","intent":"pay_now"}\n',
        }),
      ),
    ).toEqual([
      'training/de/pay_soon.txt:0 not a training file: the name must be <intent_id>.txt with an id of intents/catalogue.ts',
      'training/nl:0 unknown language folder (expected one of de, en, es, fr, it, tr, sv)',
      'dev/de.jsonl:1 unknown intent "pay_soon"',
      'dev/nl.jsonl:0 not a data file: the name must be <lang>.jsonl with lang one of de, en, es, fr, it, tr, sv',
    ]);
  });

  it('finds dev lines that are trained on, duplicates and contradictions, whatever their case and punctuation (accents count)', () => {
    expect(
      messages(
        folder({
          'training/de/pay_now.txt': 'Ich muss alles ZAHLEN!\nsofort zahlen\nsofort zahlen\n',
          'training/de/pay_later.txt': 'Sofort  zahlen?\n',
          'dev/de.jsonl':
            '{"text":"ich muss alles zahlen","intent":"pay_now"}\n{"text":"später","intent":"pay_later"}\n{"text":"SPÄTER.","intent":"pay_later"}\n{"text":"spater","intent":"pay_later"}\n',
          'corrections/de.jsonl': '{"text":"Später","intent":"pay_later"}\n',
        }),
      ),
    ).toEqual([
      'training/de/pay_now.txt:2 same text as training/de/pay_later.txt:1, which says pay_later (this line says pay_now)',
      'training/de/pay_now.txt:3 same text as training/de/pay_later.txt:1, which says pay_later (this line says pay_now)',
      'dev/de.jsonl:1 dev line is also in the training data (training/de/pay_now.txt:1)',
      'dev/de.jsonl:2 dev line is also in the training data (corrections/de.jsonl:1)',
      'dev/de.jsonl:3 dev line is also in the training data (corrections/de.jsonl:1)',
    ]);
  });

  it('rejects empty and malformed lines', () => {
    expect(
      messages(
        folder({
          'training/en/greeting.txt': 'hello\n?!\n',
          'dev/en.jsonl': [
            '{"text":"hi","intent":"greeting"}',
            '',
            'not json',
            '["hi"]',
            '{"text":"  ","intent":"greeting"}',
            '{"text":"hey you","intent":"greeting","today":"22.11.2026"}',
            '{"text":"hey there","intent":"greeting","href":"checkout"}',
            '{"text":"hey all","intent":"greeting","lang":"en"}',
          ].join('\n'),
        }),
      ),
    ).toEqual([
      'training/en/greeting.txt:2 line has no words',
      'dev/en.jsonl:2 empty line (JSON Lines has one object on every line)',
      'dev/en.jsonl:3 not valid JSON',
      'dev/en.jsonl:4 not a JSON object',
      'dev/en.jsonl:5 "text" must be a string with words',
      'dev/en.jsonl:6 "today" must be YYYY-MM-DD',
      'dev/en.jsonl:7 "href" must be a path starting with / or null',
      'dev/en.jsonl:8 unknown keys lang (allowed: text, intent, today, href)',
    ]);
  });

  it('finds no violation in the repository data', () => {
    expect(loadCorpus().violations).toEqual([]);
  });
});
