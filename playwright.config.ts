import { defineConfig } from '@playwright/test';
import path from 'node:path';

/**
 * Browser journeys (e2e/). Runs against the production build served by server/http/main.ts
 * on port 3210 (E2E_PORT overrides, e.g. for two checkouts side by side) with a fresh embedded
 * database per run (see e2e/support/web-server.mjs).
 *
 *   npx playwright test            build if stale, start the server, run everything
 *   npx playwright test e2e/shell  one file
 *
 * Chromium is Debian's headless shell (/usr/bin/chromium-headless-shell, scripts/ensure-chromium.mjs;
 * CHROMIUM_PATH=/usr/bin/chromium runs the full browser); never run `npx playwright install`.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const isCI = Boolean(process.env.CI);
const artifacts = path.resolve(import.meta.dirname, 'e2e/.artifacts');

// One data folder per run. The config is evaluated again in every worker; keep the first
// process's choice so that all of them agree.
process.env.E2E_DATA_DIR ??= path.join(artifacts, `data-${new Date().toISOString().replace(/[:.]/g, '-')}`);
// The agency's calendar day when the server seeds the demo files (seconds from now). A journey
// that checks a seeded date counts from this day, not from its own clock: a run that crosses
// midnight in Berlin would otherwise expect tomorrow's dates (e2e/helpers/portal.ts seedDay).
process.env.E2E_SEED_DAY ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(artifacts, 'test-results'),
  fullyParallel: true,
  forbidOnly: isCI,
  // E2E_WORKERS overrides, to compare on a given machine (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, on CI neither: a journey that passes only the second time is a flaky journey,
  // and a retry would hide it (issue 25).
  retries: 0,
  timeout: 60_000,
  // 15 s for what a page shows after a click: on a machine that is slow all at once (session 36's
  // CI took 1,583 s where the same commit had taken 1,018 s), a dashboard's answer after a modal's
  // "Understood" took longer than the 7.5 s this was; what is asserted is the same.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: path.join(artifacts, 'report') }]],
  use: {
    baseURL,
    // Accept-Language de-DE: pages without ?hl or a cookie come in German, not English.
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 900 },
    // A trace records every step of every test (DOM snapshots and a screencast) to keep only a
    // failing one's. On CI nobody can open it (what CI keeps is its log), and recording took about
    // a third of the journeys' CPU there (decision 093); locally it stays, for the failures one
    // looks into. `--trace on` records it anywhere.
    trace: isCI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/web-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    // SIGTERM lets the wrapper stop the server and delete the run's data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // LOG_LEVEL=warn: the server only speaks (as JSON on stdout) when something is wrong.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The journeys use the demo files, the sandbox providers and the development mailbox.
      DEMO: 'true',
      // A small proof of work: the sign-in journeys solve many captchas on a busy machine.
      CAPTCHA_MAX_NUMBER: '5000',
      // No growth after failed sign-ins (decision 062): it counts per client address, and every
      // journey comes from this one, so one journey's wrong password (the lock-out journey, a
      // wrong password at a SEPA mandate) would refuse the captcha another had just solved. The
      // growth is held by server/auth/captcha.test.ts and tests/routes/signin.test.ts.
      CAPTCHA_HARDEST_NUMBER: '5000',
      // Every test signs in from the same address (localhost); the failed attempts that
      // e2e/auth.spec.ts makes on purpose must not lock the other tests out. The limit per
      // reference number keeps its default (5), which the lock-out journey relies on.
      SIGNIN_CLIENT_MAX_FAILURES: '100',
      // Likewise the per-client limits on mail, posts, uploads and captcha challenges
      // (server/limits/rate-limits.ts); the limits per file, address and reference keep theirs.
      RATE_LIMIT_CLIENT_SCALE: '50',
    },
  },
});
