/**
 * The tagger's model file, intents/model/anonymiser-model.json, written at build time by
 * `npm run assistant:train` beside the intent model. Like the intent model it records a
 * fingerprint of its inputs (the templates, the name lists and word lists, the tagger's code and
 * the intent training sentences used as messages without personal data); a missing or stale file
 * is trained again (deterministic, a few seconds) instead of being used.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainingLines } from './lexicon.ts';
import { deserialiseTagger, serialiseTagger, train, type TaggerModel } from './tagger.ts';
import { trainingExamples } from './templates.ts';

export const TAGGER_FILE = fileURLToPath(new URL('../model/anonymiser-model.json', import.meta.url));
const SOURCES = ['tagger.ts', 'templates.ts', 'names.ts', 'lexicon.ts', 'places.ts'].map((f) =>
  fileURLToPath(new URL(f, import.meta.url)),
);

export function taggerFingerprint(): string {
  const hash = createHash('sha256').update('anonymiser tagger 1\n');
  for (const file of SOURCES) hash.update(readFileSync(file)).update('\n');
  for (const line of trainingLines()) hash.update(`${line.lang}\t${line.text}\n`);
  return hash.digest('hex');
}

export function trainTagger(log: (line: string) => void = () => {}): TaggerModel {
  const started = performance.now();
  const examples = trainingExamples();
  const model = train(examples);
  log(
    `anonymiser tagger: ${examples.length} sentences, ${model.weights.size} features, ${Math.round(performance.now() - started)} ms`,
  );
  return model;
}

export function writeTagger(model: TaggerModel, fingerprint: string, file: string = TAGGER_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, serialiseTagger(model, fingerprint));
  renameSync(temporary, file);
}

let loaded: TaggerModel | undefined;

/** The tagger, loaded once per process; trained and written first when the file is missing or stale. */
export function ensureTagger(options: { file?: string; log?: (line: string) => void } = {}): TaggerModel {
  if (loaded) return loaded;
  const file = options.file ?? TAGGER_FILE;
  let print: string;
  try {
    print = taggerFingerprint();
  } catch (error) {
    // The bundled production server cannot see the sources beside its bundle: `npm run build`
    // trained the model first, and it is read as it is from the working directory.
    const built = path.resolve(process.env.ANONYMISER_MODEL_FILE ?? 'intents/model/anonymiser-model.json');
    if (!existsSync(built)) throw error;
    return (loaded = deserialiseTagger(readFileSync(built, 'utf8')).model);
  }
  if (existsSync(file)) {
    try {
      const stored = deserialiseTagger(readFileSync(file, 'utf8'));
      if (stored.fingerprint === print) return (loaded = stored.model);
      options.log?.('anonymiser tagger is stale: training again');
    } catch {
      options.log?.('anonymiser tagger file unreadable: training again');
    }
  } else options.log?.('anonymiser tagger missing: training');
  const model = trainTagger(options.log);
  writeTagger(model, print, file);
  return (loaded = model);
}
