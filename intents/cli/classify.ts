/**
 * `npm run --silent assistant:classify`: reads `{"text", "lang"?, "today"?}` lines and writes
 * `{"intent", "confidence", "lang", "href"}` lines in the same order. A given `lang` is taken as
 * the message's language; without it the language is detected (short messages fall back to
 * German, the portal's source language). Trains first, on stderr, when the model is stale.
 */
import { isLang } from '../catalogue.ts';
import { commandPaths, getEngine } from '../engine/store.ts';
import { mapJsonLines } from './jsonl.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const engine = getEngine({ ...commandPaths(), log: (line) => console.error(line) });

await mapJsonLines((input) => {
  if (typeof input.text !== 'string') throw new Error('"text" must be a string');
  if (input.lang !== undefined && !isLang(input.lang))
    throw new Error(`"lang" must be one of de, en, es, fr, it, tr, sv`);
  if (input.today !== undefined && (typeof input.today !== 'string' || !ISO_DATE.test(input.today)))
    throw new Error('"today" must be YYYY-MM-DD');
  const result = engine.classify(input.text, { lang: input.lang, today: input.today as string | undefined });
  return {
    intent: result.intent,
    confidence: Math.round(result.confidence * 1e4) / 1e4,
    lang: result.lang,
    href: result.href,
  };
});
