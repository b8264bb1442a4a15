/**
 * npm run assistant:export-corrections [-- --lang de] [--out DIR | --stdout]
 *
 * Staff corrections from the intent log as training data: one file per language,
 * DIR/<lang>.jsonl (default intents/corrections/), lines of the dev lines' shape
 * {"text","intent","today"?,"href"?}. Lines already in a file are not added again, so the
 * command can run after every review round; the next `npm run build` trains with them.
 * `--stdout` (with `--lang`) prints the lines instead. Reads the database of DATABASE_URL or
 * DATA_DIR: with the embedded database, stop the server first (one opener at a time).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isLang } from '../intents/catalogue.ts';
import { INTENTS_DIR } from '../intents/data/corpus.ts';
import { openDatabase, targetFromEnv } from '../server/db/client.ts';
import { env } from '../server/env.ts';
import { correctionLines, toJsonLines } from '../server/staff/review.ts';

const { values } = parseArgs({
  options: { lang: { type: 'string' }, out: { type: 'string' }, stdout: { type: 'boolean' } },
});
if (values.lang !== undefined && !isLang(values.lang)) {
  console.error(`--lang must be one of de, en, es, fr, it, tr, sv`);
  process.exit(2);
}
if (values.stdout && !values.lang) {
  console.error('--stdout needs --lang (the lines carry no language; each language has its own file)');
  process.exit(2);
}

const handle = await openDatabase(targetFromEnv(env()));
try {
  const lines = await correctionLines(handle.db, values.lang);
  if (values.stdout) {
    process.stdout.write(toJsonLines(lines));
  } else {
    const dir = path.resolve(values.out ?? path.join(INTENTS_DIR, 'corrections'));
    mkdirSync(dir, { recursive: true });
    const byLanguage = new Map<string, typeof lines>();
    for (const entry of lines) byLanguage.set(entry.language, [...(byLanguage.get(entry.language) ?? []), entry]);
    for (const [language, entries] of byLanguage) {
      const file = path.join(dir, `${language}.jsonl`);
      const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const known = new Set(existing.split('\n').filter(Boolean));
      const fresh = toJsonLines(entries)
        .split('\n')
        .filter((line) => line && !known.has(line));
      const prefix = existing && !existing.endsWith('\n') ? `${existing}\n` : existing;
      writeFileSync(file, prefix + fresh.map((l) => `${l}\n`).join(''));
      console.error(`${path.relative(process.cwd(), file)}: ${fresh.length} new of ${entries.length} corrected`);
    }
    if (byLanguage.size === 0) console.error('no corrected entries');
  }
} finally {
  await handle.close();
}
