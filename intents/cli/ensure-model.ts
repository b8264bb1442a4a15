/**
 * Trains the assistant's model only when the model file is missing or stale (its fingerprint of
 * the training data and engine differs); otherwise does nothing. Run by scripts/ensure-build.mjs
 * before the browser tests, so the server never has to train while it serves.
 */
import { commandPaths, ensureModels } from '../engine/store.ts';

const { root, file } = commandPaths();
ensureModels({ root, file, log: (line) => console.log(line) });
