import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFixtureCorpus } from '../test-helpers/fixture-corpus.ts';

const repo = path.resolve(import.meta.dirname, '..', '..');

/** Runs an npm script the way other tools do (`npm run --silent`), on the fixture corpus. */
function run(script: string, input: string, env: Record<string, string> = {}) {
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: repo,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run --silent assistant:classify', () => {
  it('answers every JSON line in order with exactly intent, confidence, lang and href, and prints nothing else', () => {
    const root = writeFixtureCorpus();
    const input = [
      { text: 'Ich habe das Geld letzte Woche schon überwiesen', today: '2026-11-22' },
      { text: 'could you give me a call back please', lang: 'en' },
      { text: 'hallo' },
      { text: 'hello', lang: 'en' },
    ].map((line) => JSON.stringify(line));
    const { status, stdout, stderr } = run(
      'assistant:classify',
      [...input.slice(0, 2), 'not json', ...input.slice(2)].join('\n') + '\n',
      { ASSISTANT_DATA_DIR: root },
    );
    expect(status, stderr).toBe(0);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toEqual({
      intent: 'already_paid',
      confidence: expect.any(Number),
      lang: 'de',
      href: '/announce-payment',
    });
    expect(lines[1]).toEqual({
      intent: 'callback',
      confidence: expect.any(Number),
      lang: 'en',
      href: '/service/contact?action=callback',
    });
    expect(lines[2]).toEqual({ error: expect.stringMatching(/JSON/) });
    expect(lines[3]).toMatchObject({ intent: 'greeting', lang: 'de', href: null });
    expect(lines[4]).toMatchObject({ intent: 'greeting', lang: 'en', href: null });
    for (const line of [lines[0], lines[1], lines[3], lines[4]]) {
      expect(Object.keys(line!)).toEqual(['intent', 'confidence', 'lang', 'href']);
      expect(line!.confidence).toBeGreaterThan(0);
      expect(line!.confidence).toBeLessThanOrEqual(1);
    }
    expect(stderr).toMatch(/assistant model missing: training/);
  }, 180_000);

  it('refuses a language outside the seven and a malformed date, line by line', () => {
    const root = writeFixtureCorpus();
    const { stdout } = run('assistant:classify', '{"text":"hallo","lang":"nl"}\n{"text":"hallo","today":"morgen"}\n', {
      ASSISTANT_DATA_DIR: root,
    });
    expect(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ error: expect.stringMatching(/lang/) }, { error: expect.stringMatching(/today/) }]);
  }, 180_000);
});

describe('npm run --silent assistant:anonymise', () => {
  it('answers {"text"} for each line, in order', () => {
    const { status, stdout } = run('assistant:anonymise', '{"text":"50 Euro am 15.12."}\n{"text":"zweite Zeile"}\n');
    expect(status).toBe(0);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => Object.keys(l))).toEqual([['text'], ['text']]);
    expect(lines[0]!.text).toContain('50 Euro');
  }, 60_000);
});
