// The bare Remix page of the server benchmark, served like the portal: Express with compression
// in front of the Remix request handler, the built assets from build/client. Nothing else.
//
// BARE_COMPRESSION says how it compresses (decision 123), with the portal's Brotli settings either
// way (server/http/compression.ts, loaded through tsx: tests/bench/harness.ts starts this with it):
// - `portal` (the default): with the portal's own middleware, which hands what a response writes to
//   the encoder in one piece, so that the benchmark's ratios compare what a page itself costs, not
//   two ways of compressing it.
// - `remix-serve`: with `compression` as remix-serve has it, which writes and flushes each piece of
//   the rendered stream to the encoder.
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliParams, responseCompression } from '../../../server/http/compression.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, 'build/server/index.js'));
const app = express();
app.disable('x-powered-by');
app.use(
  process.env.BARE_COMPRESSION === 'remix-serve'
    ? compression({ brotli: { params: brotliParams } })
    : responseCompression(),
);
app.use('/assets', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.all('*', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.env.PORT ?? 3226), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
