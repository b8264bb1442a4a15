/**
 * The reply-language detector keeps only the seven languages' n-grams (a patch to eld, issue 28):
 * on every message of the development sets it answers what eld answers with all sixty languages
 * loaded and the same subset, scores and reliability included.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eld } from 'eld/medium';
import { LANGS } from '../catalogue.ts';
import { guessLanguage } from './language.ts';

const messages = LANGS.flatMap((lang) =>
  readFileSync(new URL(`../dev/${lang}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { text: string }).text),
);

/** What eld answers in a process of its own, where nothing was pruned. */
function unprunedAnswers(texts: string[]): Array<[string, string, boolean]> {
  const script = `
    import { readFileSync } from 'node:fs';
    import { eld } from 'eld/medium';
    const texts = JSON.parse(readFileSync(0, 'utf8'));
    const detector = eld.newInstance();
    detector.setLanguageSubset(${JSON.stringify([...LANGS])});
    const out = texts.map((t) => { const r = detector.detect(t); return [r.language, JSON.stringify(r.getScores()), r.isReliable()]; });
    process.stdout.write(JSON.stringify(out));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(texts),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString('utf8')) as Array<[string, string, boolean]>;
}

describe('the reply-language detector with the seven languages only', () => {
  it('answers every development message as eld with all sixty languages does', () => {
    expect(messages.length).toBeGreaterThan(3000);
    const reference = unprunedAnswers(messages);
    const detector = eld.newInstance();
    detector.setLanguageSubset([...LANGS]);
    const differing = messages.filter((text, i) => {
      const result = detector.detect(text);
      const [language, scores, reliable] = reference[i]!;
      return (
        result.language !== language ||
        JSON.stringify(result.getScores()) !== scores ||
        result.isReliable() !== reliable ||
        (guessLanguage(text) ?? '') !== language
      );
    });
    expect(differing).toEqual([]);
  });

  it('has dropped the other languages’ n-grams', () => {
    // Without the subset, a Russian or a Japanese text finds nothing of its own any more.
    const all = eld.newInstance();
    expect(all.detect('Я хочу оплатить счёт частями').language).not.toBe('ru');
    expect(all.detect('分割で支払いたいです').language).not.toBe('ja');
  });
});
