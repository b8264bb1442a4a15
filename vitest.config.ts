import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#server': fileURLToPath(new URL('./server', import.meta.url)),
  '#locales': fileURLToPath(new URL('./locales', import.meta.url)),
};

const dbFolder = fileURLToPath(new URL('./tests/db/', import.meta.url));
/**
 * The db tests that start a PostgreSQL server of their own (tests/helpers/temp-postgres.ts, on
 * fixed ports): they test the same thing whichever database the others get, so they run once.
 */
const ownServerFiles = readdirSync(dbFolder)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => readFileSync(`${dbFolder}${name}`, 'utf8').includes('startTempPostgres('))
  .map((name) => `tests/db/${name}`);

/**
 * TEST_POSTGRES_URL (.ci/run sets it): the db tests run a second time, on PostgreSQL, in the
 * same run as the rest (project `db-postgres`), while `unit` and `db` keep PGlite. So each
 * database is covered once and both cores stay busy to the end (decision 060). Without it the db
 * tests run once, on PGlite (or on PostgreSQL with TEST_DATABASE_URL, which moves every project).
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const postgresProject: TestProjectConfiguration[] = postgresUrl
  ? [
      {
        resolve: { alias },
        test: {
          name: 'db-postgres',
          include: ['tests/db/**/*.test.ts'],
          exclude: ownServerFiles,
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          env: { TEST_DATABASE_URL: postgresUrl },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

/**
 * Two projects: `unit` (pure rules, components, loaders and actions on an in-memory PGlite)
 * and `db` (the schema and queries against PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
 * and `db-postgres` with TEST_POSTGRES_URL (above).
 */
export default defineConfig({
  test: {
    // One test file per core (decision 054). Vitest's own default is one fewer than the cores,
    // which on CI's two cores ran every file one after the other while the second core idled:
    // the main process only hands out files and transforms each module once.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'tests/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'app/**/*.test.{ts,tsx}',
            'intents/**/*.test.ts',
          ],
          exclude: ['tests/db/**'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...postgresProject,
    ],
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
});
