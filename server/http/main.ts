/**
 * The portal's HTTP server: Express in front of the Remix request handler. It opens (and on
 * first start migrates and fills) the database, sets the security headers, logs every request
 * without personal data, counts it for /metrics, and serves the built assets. Started as a
 * process (`npm run start:prod`), it stops gracefully on SIGTERM and SIGINT: no new
 * connections, the requests in flight finish, the workers stop, the database is closed.
 *
 * It runs compiled, never from the source (decision 076): the build compiles this file into
 * build/server/server.js with the Remix server build, one module graph (`node build/server/server.js`);
 * in development scripts/dev.mjs loads it through Vite's dev server, again in one graph with the routes.
 */
import type { ServerBuild } from '@remix-run/node';
import type { ViteDevServer } from 'vite';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDemoData } from '../db/bootstrap.ts';
import { ensureDemoInvoiceDocuments } from '../documents/demo-invoices.ts';
import { documentStore } from '../documents/store.ts';
import { closeDatabase, openDatabase, setDatabase, targetFromEnv, type DatabaseTarget } from '../db/client.ts';
import { readiness } from '../db/readiness.ts';
import { guardDatabaseErrors } from '../db/unavailable.ts';
import { assertDeployable, env, isDemo, isSecureDeployment } from '../env.ts';
import { escapeHtml } from '../mail/format.ts';
import { mailboxFolder, readMailbox, senderFromEnv } from '../mail/transport.ts';
import { startMailWorker } from '../mail/worker.ts';
import { startDeliveryWorker } from '../agency/delivery.ts';
import { resumeReceivedImports } from '../agency/import/door.ts';
import { publicOrigin, requestHostRead, withRequestHost } from '../variants/public-url.ts';

import { purgeStalePendingUploads } from '../uploads/cleanup.ts';
import { serveAssets } from './assets.ts';
import { responseCompression } from './compression.ts';
import { asyncHandler } from './async-handler.ts';
import { sql } from 'drizzle-orm';
import { startRetentionJob } from '../retention/purge.ts';
import { ensureDemoStaff } from '../staff/demo.ts';
import { logOutput, logger } from './logger.ts';
import { metrics, metricsAllowed } from './metrics.ts';
import { portalPageCaches, remixHandler } from './remix-handler.ts';
import { routeLabeller } from './route-label.ts';
import { scrubUrl } from './scrub.ts';
import { cspNonce, requestGuards, securityHeaders } from './security.ts';

/** The Express app alone (the browser tests' server and the benchmarks mount it themselves). */
export async function createServer(options: PortalOptions) {
  return (await startPortal(options)).app;
}

export interface Portal {
  app: express.Express;
  /** Stops the mail worker, the retention job and the timers; resolves when runs in progress have ended. */
  stopWorkers(): Promise<void>;
  /** Set while the process shuts down: /readyz answers 503 so a load balancer sends nothing new. */
  draining: { value: boolean };
}

export interface PortalOptions {
  dev: boolean;
  /** Development: the Vite dev server that loaded this module (scripts/dev.mjs); it serves the routes from source. */
  vite?: ViteDevServer;
}

/** The database of the running portal, for the browser tests' fixtures (e2e/support/web-server.mjs) in the same module graph. */
export { getDatabase } from '../db/client.ts';

export async function startPortal(options: PortalOptions): Promise<Portal> {
  const config = env();
  const stops: Array<() => Promise<void> | void> = [];
  const draining = { value: false };
  // No start on a secret anyone can read, or without the address every link is built from.
  assertDeployable(config);
  const demo = isDemo(config);
  const handle = openDatabase(withDatabaseThread(targetFromEnv(config)));
  setDatabase(handle);
  if (demo) {
    logger.warn(`demo mode: demo files, sandbox providers and the development mailbox; links on ${publicOrigin()}`);
    const seeded = await ensureDemoData(await handle);
    if (seeded) logger.info('database created and filled with the demo files');
    const documents = await ensureDemoInvoiceDocuments((await handle).db, documentStore());
    if (documents > 0) logger.info(`${documents} demo invoice documents stored`);
    const staff = await ensureDemoStaff((await handle).db);
    if (staff > 0) logger.info(`${staff} demo staff accounts created (README: the review desk)`);
  }

  const database = (await handle).db;
  // The mail worker delivers the outbox (SMTP, or the development mailbox).
  const sender = senderFromEnv(config);
  if (sender) {
    const stopMail = startMailWorker(database, sender, {
      intervalMs: config.MAIL_WORKER_INTERVAL_MS,
      onError: (error) => logger.error({ err: error }, 'mail worker failed'),
      onReport: (report) => logger.info(report, 'mail worker delivered'),
    });
    stops.push(stopMail);
  } else {
    logger.warn('SMTP_URL is not set: mail stays queued in the outbox');
  }
  // The agency's webhooks: what debtors did, delivered from the outbox (decision 087).
  if (config.AGENCY_WEBHOOK_INTERVAL_MS > 0) {
    stops.push(
      startDeliveryWorker(database, {
        intervalMs: config.AGENCY_WEBHOOK_INTERVAL_MS,
        onError: (error) => logger.error({ err: error }, 'agency webhook worker failed'),
        onReport: (report) => logger.info(report, 'agency webhooks delivered'),
      }),
    );
  }
  // Letter batches received over HTTP whose import a stop interrupted go on (decision 096).
  void resumeReceivedImports(database).then(
    (count) => count > 0 && logger.info({ count }, 'agency imports resumed'),
    (error: unknown) => logger.error({ err: error }, 'resuming agency imports failed'),
  );
  // Uploads a debtor left behind in an unfinished form are removed after a day.
  const purge = () =>
    purgeStalePendingUploads(database).then(
      (count) => count > 0 && logger.info({ count }, 'stale pending uploads removed'),
      (error: unknown) => logger.error({ err: error }, 'removing stale uploads failed'),
    );
  const purgeTimer = setInterval(() => void purge(), 60 * 60 * 1000);
  purgeTimer.unref();
  stops.push(() => clearInterval(purgeTimer));
  // Retention (spec section 9): the anonymised intent log after its months, raw chat transcripts
  // after 24 hours; one instance at a time runs it (decision 040).
  const retention = startRetentionJob(database, {
    onReport: (report) =>
      report.ran && Object.values(report.deleted).some((n) => n > 0) && logger.info(report.deleted, 'retention purge'),
    onError: (error) => logger.error({ err: error }, 'retention purge failed'),
  });
  stops.push(() => retention.stop());

  const viteDevServer = options.dev ? options.vite : undefined;
  if (options.dev && !viteDevServer)
    throw new Error('development: start the portal with `npm run dev` (scripts/dev.mjs)');

  // Loaders and actions answer 503 while the database is away (server/db/unavailable.ts).
  const build = viteDevServer
    ? () =>
        (viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>).then(guardDatabaseErrors)
    : guardDatabaseErrors((await import(path.resolve('build/server/index.js'))) as ServerBuild);
  // Requests are counted by the id of the Remix route they match, never by their path.
  const labelOf = typeof build === 'function' ? () => 'remix' : routeLabeller(build.routes);
  const { requests, latency } = metrics();

  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) app.set('trust proxy', config.TRUST_PROXY);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // While shutting down, a kept-alive connection is closed after its answer.
    if (draining.value) res.set('Connection', 'close');
    res.once('finish', () => {
      const route = (res.locals.metricsRoute as string | undefined) ?? labelOf(req.path);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      requests.inc({ route, method, status: String(res.statusCode) });
      latency.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  // Demo mode without PUBLIC_BASE_URL: links back to the portal use the loopback address this
  // request came to (server/variants/public-url.ts, decision 061). Otherwise nothing reads it, and
  // no request pays for keeping it.
  if (requestHostRead(config)) app.use((req, _res, next) => withRequestHost(req.headers.host, next));

  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) ?? randomUUID(),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: scrubUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') },
    }),
  );
  app.use(responseCompression());
  app.use(cspNonce);
  app.use(
    securityHeaders({
      secure: isSecureDeployment(config),
      dev: options.dev,
      // The sandbox payment provider's card form is shown in an iframe on the portal's own pages.
      frameablePaths: ['/sandbox/pay/'],
      // The self-hosted analytics endpoint, when configured, is the only other place the browser may send to.
      connectOrigins: config.ANALYTICS_URL ? [new URL(config.ANALYTICS_URL).origin] : [],
    }),
  );
  // Cross-site writes and bodies over their limit are refused before Remix reads anything.
  app.use(
    ...requestGuards({
      allowedOrigins: () => (config.PUBLIC_BASE_URL ? [new URL(config.PUBLIC_BASE_URL).origin] : []),
    }),
  );

  // Alive: the process answers (a liveness probe restarts it otherwise).
  app.get('/healthz', (_req, res) => {
    res.locals.metricsRoute = '/healthz';
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok');
  });
  // Ready for traffic: the database answers and this build's migrations are applied; not while
  // the process shuts down.
  app.get(
    '/readyz',
    asyncHandler(async (_req, res) => {
      res.locals.metricsRoute = '/readyz';
      const state = draining.value ? ({ ready: false, reason: 'shuttingDown' } as const) : await readiness(database);
      res
        .status(state.ready ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(state);
    }),
  );
  // Prometheus, with the bearer token of METRICS_TOKEN only; without a token the route does not exist.
  app.get(
    '/metrics',
    asyncHandler(async (req, res, next) => {
      res.locals.metricsRoute = '/metrics';
      if (!config.METRICS_TOKEN) return next();
      if (!metricsAllowed(config.METRICS_TOKEN, req.headers.authorization)) {
        res.set('WWW-Authenticate', 'Bearer').status(401).type('text/plain').send('unauthorized');
        return;
      }
      await readOutboxBacklog(database);
      const { registry } = metrics();
      res
        .set('Cache-Control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    }),
  );
  // The maintenance switch is read at run time; never serve a copy baked into the build.
  app.get('/maintenance.json', (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.sendFile(path.resolve(config.MAINTENANCE_FILE), (error) => {
      if (error && !res.headersSent) res.status(404).json({ maintenance: false });
    });
  });

  // The development mailbox: every mail the worker delivered without SMTP. Only in the demo mode.
  if (sender?.kind === 'mailbox') {
    const folder = mailboxFolder(config);
    app.get(
      '/dev/mailbox',
      asyncHandler(async (_req, res) => {
        const entries = await readMailbox(folder);
        const rows = entries
          .map(
            (m) =>
              `<li><a href="/dev/mailbox/${encodeURIComponent(m.name)}">${escapeHtml(m.subject)}</a> – ${escapeHtml(m.to)} – ${escapeHtml(m.at)}</li>`,
          )
          .join('');
        res
          .type('html')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head><body><h1>Development mailbox</h1><p>${entries.length} mails in ${escapeHtml(folder)} (newest first). This page exists only in the demo mode without SMTP_URL.</p><ul>${rows}</ul></body></html>`,
          );
      }),
    );
    app.get(
      '/dev/mailbox/:name',
      asyncHandler(async (req, res) => {
        const entry = (await readMailbox(folder)).find((m) => m.name === req.params.name);
        if (!entry) return void res.status(404).type('text/plain').send('not found');
        // The mail's own HTML with its inline styles; nothing else may load.
        res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
        res
          .type(req.query.format === 'text' ? 'text/plain' : 'html')
          .send(req.query.format === 'text' ? entry.text : entry.html);
      }),
    );
  }

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    const client = path.resolve('build/client');
    app.use('/assets', (_req, res, next) => {
      res.locals.metricsRoute = 'assets';
      next();
    });
    app.use('/assets', serveAssets(path.join(client, 'assets')));
    // Only what lies at the top of build/client goes to the file server (favicon, robots.txt,
    // brand, media): asked for a page, it would look the address up on disk first, on every request.
    const publicEntries = new Set(readdirSync(client).filter((name) => name !== 'assets'));
    const serveFile = express.static(client, { maxAge: '1h' });
    app.use((req, res, next) => {
      if (!publicEntries.has(firstSegment(req.path))) return next();
      res.locals.metricsRoute = 'static';
      serveFile(req, res, next);
    });
  }

  // A visitor's public pages are rendered once per few seconds, not once per request (decision 050).
  app.all(
    '*',
    remixHandler({
      build,
      mode: options.dev ? 'development' : 'production',
      pageCaches: options.dev ? [] : portalPageCaches(),
      requestId: (req) => String(req.id),
    }),
  );
  return {
    app,
    draining,
    stopWorkers: async () => {
      await Promise.all(stops.map(async (stop) => stop()));
    },
  };
}

/** The outbox's pending and failed mails, read when Prometheus scrapes (left as it was if the database does not answer). */
async function readOutboxBacklog(database: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  try {
    const result = await database.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from mail_outbox where status in ('pending', 'failed') group by status`,
    );
    const rows = (result as unknown as { rows: Array<{ status: string; n: number }> }).rows;
    const { outboxBacklog } = metrics();
    for (const status of ['pending', 'failed']) {
      outboxBacklog.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
    }
  } catch (error) {
    logger.warn({ err: error }, 'metrics: the outbox could not be read');
  }
}

/**
 * Serves the portal on `port` (on `host`, the HOST setting; else every interface) and stops it
 * gracefully on SIGTERM and SIGINT, all within SHUTDOWN_TIMEOUT_MS of the signal whatever the
 * log's reader does (issue 31, finding 8): /readyz says 503, the listener takes no new connection,
 * idle kept-alive connections are closed, the requests in flight finish (until the last 2 s of the
 * time, at most a quarter of it, which are kept for the rest; what is still open then is cut),
 * then the workers stop and the database closes, and the log is given what is left of the time to
 * be written out. Resolves with the exit code once everything is closed: 1 when something had to
 * be cut.
 */
export function serve(portal: Portal, port: number, timeoutMs = env().SHUTDOWN_TIMEOUT_MS, host = env().HOST) {
  const listening = () =>
    logger.info({ port, host: host ?? null }, `portal listening on http://${urlHost(host ?? 'localhost')}:${port}`);
  // HOST unset: every interface, as Node listens by default.
  const server: Server = host ? portal.app.listen(port, host, listening) : portal.app.listen(port, listening);
  let stopping: Promise<number> | null = null;
  const shutdown = (signal: string): Promise<number> => {
    stopping ??= (async () => {
      const deadline = Date.now() + timeoutMs;
      const requestsUntil = deadline - Math.min(2_000, Math.floor(timeoutMs / 4));
      logger.info({ signal }, 'shutting down: finishing the requests in flight');
      portal.draining.value = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const requestsFinished = await before(closed, requestsUntil);
      if (!requestsFinished) {
        logger.warn({ timeoutMs }, 'shutdown: requests still open after the timeout are cut');
        server.closeAllConnections();
      }
      const workersStopped = await before(
        portal.stopWorkers().catch((error: unknown) => logger.error({ err: error }, 'shutdown: a worker failed')),
        deadline,
      );
      const databaseClosed = await before(
        closeDatabase().catch((error: unknown) =>
          logger.error({ err: error }, 'shutdown: closing the database failed'),
        ),
        deadline,
      );
      if (!workersStopped || !databaseClosed)
        logger.warn({ workersStopped, databaseClosed }, 'shutdown: cut at the timeout');
      logger.info('stopped');
      // A reader that stalls or has gone keeps the rest of the log, never the process; the
      // exit itself gets the last moment (a tenth of the time, at most half a second).
      await logOutput.flushed(Math.max(0, deadline - Math.min(500, Math.floor(timeoutMs / 10)) - Date.now()));
      return requestsFinished && workersStopped && databaseClosed ? 0 : 1;
    })();
    return stopping;
  };
  return { server, shutdown };
}

/** A host for a URL: an IPv6 address in brackets. */
/**
 * The compiled server runs the embedded database in a thread of its own (decision 122), started
 * from the worker entry built beside it (build/server/pglite-worker.js). Run from source (the
 * development server) there is no such file, and PGlite runs in the server's thread.
 */
function withDatabaseThread(target: DatabaseTarget): DatabaseTarget {
  if (target.kind !== 'pglite') return target;
  const script = new URL('./pglite-worker.js', import.meta.url);
  return existsSync(script) ? { ...target, thread: script } : target;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Whether `work` settled before the time `until` (a Date.now() value); it is not waited for after that. */
async function before(work: Promise<unknown>, until: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()));
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first segment of a request path, decoded ("" for "/" or a malformed escape). */
function firstSegment(requestPath: string): string {
  const segment = requestPath.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Starts the portal on PORT and stops it gracefully on SIGTERM and SIGINT (build/server/server.js, scripts/dev.mjs). */
export function main(options: PortalOptions): void {
  const port = env().PORT;
  startPortal(options)
    .then((portal) => {
      const { shutdown } = serve(portal, port);
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.on(signal, () => void shutdown(signal).then((code) => process.exit(code)));
      }
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, 'portal failed to start');
      // One plain line for whoever started it, beside the JSON log.
      console.error(error instanceof Error ? error.message : String(error));
      void logOutput.flushed(2_000).then(() => process.exit(1));
    });
}

// `node build/server/server.js`: this module, compiled, is the process's entry.
const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) main({ dev: false });
