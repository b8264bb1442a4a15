/**
 * Once before the unit tests: the assistant's model is trained when it is missing or stale (a
 * fresh clone has none; training the seven languages takes about 30 s). Without this, the first
 * test that classifies a message would train inside its own time limit. The model file records
 * a fingerprint of its training data and engine code, so an unchanged checkout never trains again.
 *
 * Then the test databases' templates (tests/helpers/db-template.ts, decisions 054 and 060): with
 * the environment of tests/environment.ts, so the seed's keyed hashes use the secret the workers use.
 * They are kept in .cache/test-templates/ and made again only when their inputs change.
 */
import './environment.ts';
import { commandPaths, ensureModels } from '../intents/engine/store.ts';
import { forgetTemplates, prepareTemplates } from './helpers/db-template.ts';

export default async function setup(): Promise<() => void> {
  const { root, file } = commandPaths();
  ensureModels({ root, file, log: (line) => process.stdout.write(`${line}\n`) });
  // With TEST_DATABASE_URL every test database is a PostgreSQL one: no PGlite template needed.
  if (process.env.TEST_DATABASE_URL) return () => {};
  await prepareTemplates({ log: (line) => process.stdout.write(`${line}\n`) });
  return forgetTemplates;
}
