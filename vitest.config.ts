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
 * The `unit` files that keep no state outside their own module (decision 081): no database, no
 * environment, no files or servers, no mocks or faked clocks, not the route helpers. They run in
 * the project `unit-pure` without isolation: a worker imports a module once for all of them (the
 * assistant's model, the rules, the locales), where an isolated file imports everything again.
 * A file that mentions any of these words runs isolated in `unit`, as before; so a new test that
 * touches state lands there without anyone deciding it.
 */
const unitInclude = [
  'tests/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'app/**/*.test.{ts,tsx}',
  'intents/**/*.test.ts',
];
const touchesState =
  /database|Database|process\.env|DATA_DIR|vi\.(mock|useFakeTimers|setSystemTime|stubEnv|stubGlobal|spyOn)|helpers|remix-app|hostile-input|spawn|fork\(|exec|listen\(|Server\b/;
const unitFiles = ['tests', 'server', 'app', 'intents']
  .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => `${folder}/${name}`))
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/db/'))
  .map((file) => ({ file, source: readFileSync(file, 'utf8') }));
const pureFiles = unitFiles
  .filter(({ source }) => !touchesState.test(source))
  .map(({ file }) => file)
  .sort();

/**
 * The `unit` files whose only state is a database they open themselves (the route, API and
 * action tests, decision 092): they share worker threads too, in the project `unit-app`, where
 * tests/setup-shared.ts makes the process services (the parsed environment, the storage, the
 * process database, the providers' configuration, the metrics) forget the previous file before
 * each file. A file that changes the environment, mocks a module, fakes the clock, starts a server
 * or a process, or uses a helper that does, stays isolated in `unit`.
 */
const ownsProcess =
  /process\.env|DATA_DIR|vi\.(mock|useFakeTimers|setSystemTime|stubEnv|stubGlobal|spyOn)|hostile-input|spawn|fork\(|exec|listen\(|Server\b|helpers\/(build|server-process|temp-postgres|redis|instances|ports)/;
const appFiles = unitFiles
  .filter(({ source }) => touchesState.test(source) && !ownsProcess.test(source))
  .map(({ file }) => file)
  .sort();

/**
 * TEST_POSTGRES_URL (.ci/run sets it): the db tests run a second time, on PostgreSQL, in the
 * same run as the rest (project `db-postgres`), while `unit` and `db` keep PGlite. So each
 * database is covered once and both cores stay busy to the end (decision 060). Without it the db
 * tests run once, on PGlite (or on PostgreSQL with TEST_DATABASE_URL, which moves every project).
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;

/**
 * The projects whose files own state of the process (the environment, mocks, a faked clock, a
 * server or a child process, the process database): each file gets a fresh module graph in a
 * worker thread (decision 109). They ran on forks, a new process per file, which cost the `unit`
 * project 163–184 s where isolated threads take 110 s (the same 47 files, idle machine), and the
 * PGlite `db` project 106 s where threads take 86 s. A thread's `process.env` is its own copy.
 */
const isolatedThreads = { pool: 'threads', poolOptions: { threads: { isolate: true } } } as const;
const postgresProject: TestProjectConfiguration[] = postgresUrl
  ? [
      {
        resolve: { alias },
        test: {
          name: 'db-postgres',
          ...isolatedThreads,
          include: ['tests/db/**/*.test.ts'],
          exclude: ownServerFiles,
          environment: 'node',
          sequence: { groupOrder: 2 },
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
    // Worker threads for every project (decision 109). Not isolated for `unit-pure` and `unit-app`
    // (below), whose files keep no state of their own outside their modules or reset it: a worker
    // imports the modules once for all of them (decisions 081, 092). The other projects set
    // `isolatedThreads`.
    poolOptions: { threads: { isolate: false } },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          ...isolatedThreads,
          include: unitInclude,
          exclude: ['tests/db/**', ...pureFiles, ...appFiles],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-pure',
          include: pureFiles,
          environment: 'node',
          // The model for the assistant's tests when this project runs alone (fingerprinted: the
          // second call in a whole run finds it current; the templates are reused likewise).
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup.ts'],
          // Worker threads that are not isolated (poolOptions.threads above), first and on their
          // own: a worker that keeps its modules must not take the isolated projects' files.
          pool: 'threads',
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-app',
          include: appFiles,
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup.ts', 'tests/setup-shared.ts'],
          // Threads that are not isolated, after `unit-pure` and before the isolated projects (see there).
          pool: 'threads',
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          ...isolatedThreads,
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 2 },
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
