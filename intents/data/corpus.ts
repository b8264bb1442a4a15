/**
 * Loads and checks the assistant's data (the format is a contract with the people writing it):
 *
 * - `intents/training/<lang>/<intent_id>.txt`: one utterance per line; blank lines and lines
 *   starting with `#` are ignored.
 * - `intents/dev/<lang>.jsonl`: the development set, never trained on; one object per line
 *   `{"text", "intent", "today"?, "href"?}` (`href` only on lines meant to check slots).
 * - `intents/corrections/<lang>.jsonl`: staff corrections in the dev lines' shape, trained on.
 *
 * Violations (unknown languages or intents, malformed lines, lines without words, the same
 * utterance twice or under two intents, a dev line that is also trained on) are collected with
 * their file and line, so one run lists them all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIntentId, isLang, LANGS, type IntentId, type Lang } from '../catalogue.ts';
import { sameTextKey } from '../engine/normalise.ts';

/** The folder that holds training/, dev/ and corrections/. */
export const INTENTS_DIR = fileURLToPath(new URL('..', import.meta.url));

export type Source = 'train' | 'correction' | 'dev';

export interface Utterance {
  text: string;
  intent: IntentId;
  lang: Lang;
  source: Source;
  /** Path relative to the data root, for messages. */
  file: string;
  line: number;
  today?: string;
  /** The expected deep link (or null) when the line checks slots. */
  href?: string | null;
}

export interface Violation {
  file: string;
  line: number;
  message: string;
}

export interface Corpus {
  /** Training lines and staff corrections. */
  train: Utterance[];
  dev: Utterance[];
  violations: Violation[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const JSONL_KEYS = new Set(['text', 'intent', 'today', 'href']);

function readLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
}

/**
 * The data files of `folder` (below `root`), by name, each with its key (the name without
 * `extension`); notes (.md) are skipped, and a file not named <key><extension> with a known key is
 * a violation (`expected` says what the name must be) and skipped too.
 */
function* dataFiles<K extends string>(
  root: string,
  folder: string,
  extension: string,
  isKey: (key: string) => key is K,
  expected: string,
  violations: Violation[],
): Generator<{ file: string; key: K }> {
  for (const name of readdirSync(path.join(root, folder)).sort()) {
    const file = `${folder}/${name}`;
    if (name.toLowerCase().endsWith('.md')) continue;
    const key = name.endsWith(extension) ? name.slice(0, -extension.length) : name;
    if (!name.endsWith(extension) || !isKey(key)) {
      violations.push({ file, line: 0, message: expected });
      continue;
    }
    yield { file, key };
  }
}

function loadTrainingFolder(root: string, out: Utterance[], violations: Violation[]) {
  const dir = path.join(root, 'training');
  if (!existsSync(dir)) return;
  for (const lang of readdirSync(dir).sort()) {
    if (!isLang(lang)) {
      violations.push({
        file: `training/${lang}`,
        line: 0,
        message: `unknown language folder (expected one of ${LANGS.join(', ')})`,
      });
      continue;
    }
    const expected = 'not a training file: the name must be <intent_id>.txt with an id of intents/catalogue.ts';
    for (const { file, key: intent } of dataFiles(root, `training/${lang}`, '.txt', isIntentId, expected, violations)) {
      readLines(path.join(root, file)).forEach((raw, i) => {
        const text = raw.trim();
        if (text === '' || text.startsWith('#')) return;
        if (sameTextKey(text) === '') violations.push({ file, line: i + 1, message: 'line has no words' });
        else out.push({ text, intent, lang, source: 'train', file, line: i + 1 });
      });
    }
  }
}

function loadJsonlFolder(root: string, folder: 'dev' | 'corrections', out: Utterance[], violations: Violation[]) {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return;
  const expected = `not a data file: the name must be <lang>.jsonl with lang one of ${LANGS.join(', ')}`;
  for (const { file, key: lang } of dataFiles(root, folder, '.jsonl', isLang, expected, violations)) {
    const lines = readLines(path.join(root, file));
    if (lines.at(-1) === '') lines.pop();
    lines.forEach((raw, i) => {
      const problem = (message: string) => violations.push({ file, line: i + 1, message });
      if (raw.trim() === '') return problem('empty line (JSON Lines has one object on every line)');
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return problem('not valid JSON');
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return problem('not a JSON object');
      const entry = value as Record<string, unknown>;
      const unknownKeys = Object.keys(entry).filter((key) => !JSONL_KEYS.has(key));
      if (unknownKeys.length > 0)
        return problem(`unknown keys ${unknownKeys.join(', ')} (allowed: text, intent, today, href)`);
      if (typeof entry.text !== 'string' || sameTextKey(entry.text) === '')
        return problem('"text" must be a string with words');
      if (!isIntentId(entry.intent)) return problem(`unknown intent ${JSON.stringify(entry.intent)}`);
      if (entry.today !== undefined && (typeof entry.today !== 'string' || !ISO_DATE.test(entry.today)))
        return problem('"today" must be YYYY-MM-DD');
      if (
        entry.href !== undefined &&
        entry.href !== null &&
        (typeof entry.href !== 'string' || !entry.href.startsWith('/'))
      ) {
        return problem('"href" must be a path starting with / or null');
      }
      const utterance: Utterance = {
        text: entry.text.trim(),
        intent: entry.intent,
        lang,
        source: folder === 'dev' ? 'dev' : 'correction',
        file,
        line: i + 1,
      };
      if (entry.today !== undefined) utterance.today = entry.today as string;
      if (entry.href !== undefined) utterance.href = entry.href as string | null;
      out.push(utterance);
    });
  }
}

/** Same utterance twice in one language: a duplicate, a contradiction, or a dev line trained on. */
function findDuplicates(train: Utterance[], dev: Utterance[], violations: Violation[]) {
  const seen = new Map<string, Utterance>();
  for (const u of [...train, ...dev]) {
    const key = `${u.lang}\u0000${sameTextKey(u.text)}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, u);
      continue;
    }
    const where = `${first.file}:${first.line}`;
    let message: string;
    if (first.intent !== u.intent)
      message = `same text as ${where}, which says ${first.intent} (this line says ${u.intent})`;
    else if (u.source === 'dev' && first.source !== 'dev') message = `dev line is also in the training data (${where})`;
    else message = `duplicate of ${where}`;
    violations.push({ file: u.file, line: u.line, message });
  }
}

export function loadCorpus(root: string = INTENTS_DIR): Corpus {
  const train: Utterance[] = [];
  const dev: Utterance[] = [];
  const violations: Violation[] = [];
  loadTrainingFolder(root, train, violations);
  loadJsonlFolder(root, 'corrections', train, violations);
  loadJsonlFolder(root, 'dev', dev, violations);
  findDuplicates(train, dev, violations);
  return { train, dev, violations };
}

/** The files that make up the training data, for the model's freshness check. */
export function trainingFiles(root: string = INTENTS_DIR): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(path.join(root, 'training'));
  walk(path.join(root, 'corrections'));
  return files.sort();
}
