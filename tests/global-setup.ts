/**
 * Once before the unit tests: the assistant's model is trained when it is missing or stale (a
 * fresh clone has none; training the seven languages takes about 30 s). Without this, the first
 * test that classifies a message would train inside its own time limit.
 */
import { commandPaths, ensureModels } from '../intents/engine/store.ts';

export default function setup(): void {
  const { root, file } = commandPaths();
  ensureModels({ root, file });
}
