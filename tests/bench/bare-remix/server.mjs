// The bare Remix page of the server benchmark, served like the portal: Express with compression
// in front of the Remix request handler, the built assets from build/client. Nothing else.
//
// BARE_COMPRESSION says how it compresses (decision 123):
// - `portal` (the default): with the portal's own middleware (server/http/compression.ts: its
//   Brotli settings, and what a response writes handed to the encoder in one piece), so that the
//   benchmark's ratios compare what a page itself costs, not two ways of compressing it. The
//   process is then started with tsx (tests/bench/harness.ts), which loads that TypeScript module.
// - `remix-serve`: with `compression` as remix-serve has it (the portal's Brotli settings, passed
//   in BROTLI_PARAMS), which writes and flushes each piece of the rendered stream to the encoder.
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, 'build/server/index.js'));
const app = express();
app.disable('x-powered-by');
if (process.env.BARE_COMPRESSION === 'remix-serve') {
  app.use(compression({ brotli: { params: JSON.parse(process.env.BROTLI_PARAMS ?? '{}') } }));
} else {
  const { responseCompression } = await import('../../../server/http/compression.ts');
  app.use(responseCompression());
}
app.use('/assets', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.all('*', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.env.PORT ?? 3226), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
