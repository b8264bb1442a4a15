import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#server': fileURLToPath(new URL('./server', import.meta.url)),
  '#locales': fileURLToPath(new URL('./locales', import.meta.url)),
};

/**
 * Two projects: `unit` (pure rules, components, loaders and actions on an in-memory PGlite)
 * and `db` (the schema and queries against PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
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
    ],
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
});
