/**
 * The portal's HTTP server: Express in front of the Remix request handler. It opens (and on
 * first start migrates and fills) the database, sets the security headers, logs every request
 * without personal data, and serves the built assets.
 */
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDemoData } from '../db/bootstrap.ts';
import { ensureDemoInvoiceDocuments } from '../documents/demo-invoices.ts';
import { documentStore } from '../documents/store.ts';
import { openDatabase, setDatabase, targetFromEnv } from '../db/client.ts';
import { readiness } from '../db/readiness.ts';
import { assertDeployable, env, isDemo, isSecureDeployment } from '../env.ts';
import { escapeHtml } from '../mail/format.ts';
import { mailboxFolder, readMailbox, senderFromEnv } from '../mail/transport.ts';
import { startMailWorker } from '../mail/worker.ts';
import { publicOrigin } from '../variants/public-url.ts';
import { purgeStalePendingUploads } from '../uploads/cleanup.ts';
import { asyncHandler } from './async-handler.ts';
import { startRetentionJob } from '../retention/purge.ts';
import { ensureDemoStaff } from '../staff/demo.ts';
import { logger } from './logger.ts';
import { scrubUrl } from './scrub.ts';
import { cspNonce, requestGuards, securityHeaders, type EdgeRefusal } from './security.ts';

export async function createServer(options: { dev: boolean }) {
  const config = env();
  // No start on a secret anyone can read, or without the address every link is built from.
  assertDeployable(config);
  const demo = isDemo(config);
  const handle = openDatabase(targetFromEnv(config));
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
    startMailWorker(database, sender, {
      intervalMs: config.MAIL_WORKER_INTERVAL_MS,
      onError: (error) => logger.error({ err: error }, 'mail worker failed'),
      onReport: (report) => logger.info(report, 'mail worker delivered'),
    });
  } else {
    logger.warn('SMTP_URL is not set: mail stays queued in the outbox');
  }
  // Uploads a debtor left behind in an unfinished form are removed after a day.
  const purge = () =>
    purgeStalePendingUploads(database).then(
      (count) => count > 0 && logger.info({ count }, 'stale pending uploads removed'),
      (error: unknown) => logger.error({ err: error }, 'removing stale uploads failed'),
    );
  setInterval(() => void purge(), 60 * 60 * 1000).unref();
  // Retention (spec section 9): the anonymised intent log after its months, raw chat transcripts
  // after 24 hours; one instance at a time runs it (decision 040).
  startRetentionJob(database, {
    onReport: (report) =>
      report.ran && Object.values(report.deleted).some((n) => n > 0) && logger.info(report.deleted, 'retention purge'),
    onError: (error) => logger.error({ err: error }, 'retention purge failed'),
  });

  const viteDevServer = options.dev
    ? await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))
    : undefined;

  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) app.set('trust proxy', config.TRUST_PROXY);

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
  app.use(compression());
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

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  // Ready for traffic: the database answers and this build's migrations are applied.
  app.get(
    '/readyz',
    asyncHandler(async (_req, res) => {
      const state = await readiness(database);
      res
        .status(state.ready ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(state);
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
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y' }));
    // Only what lies at the top of build/client goes to the file server (favicon, robots.txt,
    // brand, media): asked for a page, it would look the address up on disk first, on every request.
    const publicEntries = new Set(readdirSync(client).filter((name) => name !== 'assets'));
    const serveFile = express.static(client, { maxAge: '1h' });
    app.use((req, res, next) => (publicEntries.has(firstSegment(req.path)) ? serveFile(req, res, next) : next()));
  }

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(path.resolve('build/server/index.js'))) as ServerBuild);

  app.all(
    '*',
    asyncHandler(
      createRequestHandler({
        build,
        mode: options.dev ? 'development' : 'production',
        getLoadContext: (req, res) => ({
          cspNonce: res.locals.cspNonce as string,
          clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
          requestId: String(req.id),
          refusal: res.locals.refusal as EdgeRefusal | undefined,
        }),
      }),
    ),
  );
  return app;
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

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const dev = process.argv.includes('--dev');
  const port = env().PORT;
  createServer({ dev })
    .then((app) => {
      const server = app.listen(port, () => logger.info(`portal listening on http://localhost:${port}`));
      const stop = () => server.close(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, 'portal failed to start');
      // One plain line for whoever started it, beside the JSON log.
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
