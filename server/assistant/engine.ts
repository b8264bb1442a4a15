/**
 * The embedded engine for the server. In development and tests `getEngine()` checks the model
 * file against the training data and the engine's sources (retraining when stale). The bundled
 * production server cannot see those sources beside its bundle (their paths are resolved from
 * the module's own address); `npm run build` trains the model first, so there the model file is
 * read as it is, from the working directory (or ASSISTANT_MODEL_FILE).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { Engine } from '../../intents/engine/classify.ts';
import { deserialise, getEngine } from '../../intents/engine/store.ts';

let bundled: Engine | null = null;

export function serverEngine(): Engine {
  if (bundled) return bundled;
  try {
    return getEngine();
  } catch (error) {
    const file = path.resolve(process.env.ASSISTANT_MODEL_FILE ?? 'intents/model/assistant-model.json');
    try {
      bundled = new Engine(deserialise(readFileSync(file, 'utf8')).models);
    } catch {
      throw error;
    }
    return bundled;
  }
}
