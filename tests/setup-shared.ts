/**
 * Before each test file of the project `unit-app` (vitest.config.ts, decision 092), after
 * tests/setup.ts: the process-wide services that the previous file in the same worker may have
 * built are forgotten, so this file builds them again from its own environment, as it would in a
 * process of its own. Each of these caches what `env()` said when it was first asked (DATA_DIR,
 * which tests/setup.ts has just pointed at this file's own folder, the storage, the providers) or
 * holds the database the previous file opened.
 *
 * The project's files keep no other state outside the database they open themselves: a file that
 * mocks a module, fakes the clock, changes the environment or starts a server or a process runs
 * isolated in `unit`, as the rule in vitest.config.ts decides.
 */
import { afterAll } from 'vitest';
import { resetBankIdConfig } from '#server/auth/bank-id/factory.ts';
import { forgetDatabase } from '#server/db/client.ts';
import { resetEnvCache } from '#server/env.ts';
import { resetMetrics } from '#server/http/metrics.ts';
import { resetRateLimiters } from '#server/limits/rate-limits.ts';
import { resetPaymentConfig } from '#server/payments/config.ts';
import { resetRuntime } from '#server/runtime.ts';
import { setFileStorage } from '#server/storage/configured.ts';
import { setObjectStore } from '#server/uploads/storage.ts';

function forgetProcessServices(): void {
  resetEnvCache();
  resetRuntime();
  resetPaymentConfig();
  resetBankIdConfig();
  resetMetrics();
  setFileStorage(undefined);
  setObjectStore(undefined);
}

forgetProcessServices();
// A file's tests may open the process database through the pages' own path (getDatabase), which
// this closes; a database the file installed itself (tests/helpers/routes.ts) it disposes itself.
await forgetDatabase();
afterAll(async () => {
  await forgetDatabase({ close: true });
  await resetRateLimiters();
  forgetProcessServices();
});
