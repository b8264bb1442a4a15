/**
 * Ordinary words: what debtors write when they write no name. Taken from the assistant's own
 * training sentences (intents/training, every language), words seen at least twice. A capitalised
 * word after a name cue that is one of these ("Seit", "Geld") is not taken for a name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Beside this module in development and tests; the bundled production server resolves its own
 * address elsewhere and finds the sentences from its working directory (the image keeps intents/).
 */
const TRAINING_DIR = [fileURLToPath(new URL('../training', import.meta.url)), path.resolve('intents/training')].find(
  (dir) => existsSync(dir),
);

let cached: Set<string> | undefined;

export function fold(word: string): string {
  return word.toLowerCase().replace(/ı/g, 'i').normalize('NFD').replace(/\p{M}/gu, '');
}

/** Lines of the intent training files (the debtors' own phrasings, no personal data). */
export function trainingLines(dir: string | undefined = TRAINING_DIR): Array<{ lang: string; text: string }> {
  const lines: Array<{ lang: string; text: string }> = [];
  if (!dir || !existsSync(dir)) return lines;
  for (const lang of readdirSync(dir).sort()) {
    const langDir = path.join(dir, lang);
    if (!existsSync(langDir) || !/^[a-z]{2}$/.test(lang)) continue;
    for (const file of readdirSync(langDir).sort()) {
      if (!file.endsWith('.txt')) continue;
      for (const line of readFileSync(path.join(langDir, file), 'utf8').split('\n')) {
        const text = line.trim();
        if (text && !text.startsWith('#')) lines.push({ lang, text });
      }
    }
  }
  return lines;
}

export function ordinaryWords(): Set<string> {
  if (cached) return cached;
  const counts = new Map<string, number>();
  for (const { text } of trainingLines())
    for (const word of text.match(/\p{L}[\p{L}'’-]*/gu) ?? []) {
      const key = fold(word);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  cached = new Set([...counts].filter(([word, n]) => n >= 2 && word.length >= 2).map(([word]) => word));
  return cached;
}
