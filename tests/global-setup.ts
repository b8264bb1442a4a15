/**
 * Once before the unit tests: the assistant's model is trained when it is missing or stale (a
 * fresh clone has none; training the seven languages takes about 30 s). Without this, the first
 * test that classifies a message would train inside its own time limit.
 *
 * Then the test databases' templates (tests/helpers/db-template.ts, decision 054): with the
 * environment of tests/environment.ts, so the seed's keyed hashes use the secret the workers use.
 */
import './environment.ts';
import { commandPaths, ensureModels } from '../intents/engine/store.ts';
import { buildTemplates, removeTemplates } from './helpers/db-template.ts';

export default async function setup(): Promise<() => void> {
  const { root, file } = commandPaths();
  ensureModels({ root, file });
  // With TEST_DATABASE_URL every test database is a PostgreSQL one: no PGlite template needed.
  if (process.env.TEST_DATABASE_URL) return () => {};
  const { folder } = await buildTemplates();
  return () => removeTemplates(folder);
}
