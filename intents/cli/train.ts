/** `npm run assistant:train`: trains every language with data and writes the model file (build step). */
import { commandPaths, fingerprint, trainAll, writeModelFile } from '../engine/store.ts';

const started = performance.now();
const { root, file } = commandPaths();
const models = trainAll(root, (line) => console.log(line));
writeModelFile(models, fingerprint(root), file);
console.log(`wrote ${file} (${models.length} languages) in ${Math.round(performance.now() - started)} ms`);
