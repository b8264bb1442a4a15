/**
 * `npm run assistant:check-data`: counts of training and dev lines per language and intent,
 * then every violation of the data format; exits 1 when there is one.
 */
import { INTENT_IDS, LANGS } from '../catalogue.ts';
import { loadCorpus, type Utterance } from '../data/corpus.ts';
import { commandPaths } from '../engine/store.ts';

const corpus = loadCorpus(commandPaths().root);
const count = (list: Utterance[], lang: string, intent?: string) =>
  list.filter((u) => u.lang === lang && (intent === undefined || u.intent === intent)).length;

const width = Math.max(...INTENT_IDS.map((id) => id.length));
console.log(`${'train / dev'.padEnd(width)}  ${LANGS.map((l) => l.padStart(9)).join('')}`);
for (const intent of INTENT_IDS) {
  const cells = LANGS.map((lang) =>
    `${count(corpus.train, lang, intent)}/${count(corpus.dev, lang, intent)}`.padStart(9),
  );
  console.log(`${intent.padEnd(width)}  ${cells.join('')}`);
}
console.log(
  `${'total'.padEnd(width)}  ${LANGS.map((lang) => `${count(corpus.train, lang)}/${count(corpus.dev, lang)}`.padStart(9)).join('')}`,
);
const slotLines = corpus.dev.filter((u) => u.href !== undefined).length;
console.log(
  `dev lines that check slots: ${slotLines}; corrections: ${corpus.train.filter((u) => u.source === 'correction').length}`,
);

if (corpus.violations.length > 0) {
  console.error(`\n${corpus.violations.length} violation(s):`);
  for (const v of corpus.violations) console.error(`  intents/${v.file}${v.line ? `:${v.line}` : ''}: ${v.message}`);
  process.exitCode = 1;
} else {
  console.log('\nno violations');
}
