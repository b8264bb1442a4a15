/**
 * Trains the assistant's model and the anonymiser's token classifier only when their files are
 * missing or stale (their fingerprints of the training data and code differ); otherwise does
 * nothing. Run by scripts/ensure-build.mjs before the browser tests, so the server never has to
 * train while it serves.
 */
import { ensureTagger } from '../anonymiser/model.ts';
import { commandPaths, ensureModels } from '../engine/store.ts';

const { root, file } = commandPaths();
ensureModels({ root, file, log: (line) => console.log(line) });
ensureTagger({ log: (line) => console.log(line) });
