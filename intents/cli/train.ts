/**
 * `npm run assistant:train`: trains every language with data and writes the model file (build
 * step), then the anonymiser's token classifier beside it (intents/model/anonymiser-model.json).
 */
import { taggerFingerprint, trainTagger, writeTagger } from '../anonymiser/model.ts';
import { commandPaths, fingerprint, trainAll, writeModelFile } from '../engine/store.ts';

const started = performance.now();
const { root, file } = commandPaths();
const models = trainAll(root, (line) => console.log(line));
writeModelFile(models, fingerprint(root), file);
console.log(`wrote ${file} (${models.length} languages) in ${Math.round(performance.now() - started)} ms`);
writeTagger(
  trainTagger((line) => console.log(line)),
  taggerFingerprint(),
);
