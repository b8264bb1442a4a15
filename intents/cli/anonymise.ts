/**
 * `npm run --silent assistant:anonymise`: reads `{"text", "known"?}` lines and writes
 * `{"text"}` lines with personal data replaced, in the same order. `known` carries the values
 * of a signed-in debtor's file (see KnownValues in intents/anonymiser/index.ts).
 */
import { anonymise, type KnownValues } from '../anonymiser/index.ts';
import { mapJsonLines } from './jsonl.ts';

await mapJsonLines((input) => {
  if (typeof input.text !== 'string') throw new Error('"text" must be a string');
  const known = typeof input.known === 'object' && input.known !== null ? (input.known as KnownValues) : undefined;
  return { text: anonymise(input.text, known) };
});
