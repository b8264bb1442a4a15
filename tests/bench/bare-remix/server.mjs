// The bare Remix page of the server benchmark, served like the portal: Express with compression
// (as remix-serve has it, with the portal's Brotli settings, which tests/bench/harness.ts passes in
// BROTLI_PARAMS) in front of the Remix request handler, the built assets from build/client.
// Nothing else.
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, 'build/server/index.js'));
const app = express();
app.disable('x-powered-by');
app.use(compression({ brotli: { params: JSON.parse(process.env.BROTLI_PARAMS ?? '{}') } }));
app.use('/assets', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.all('*', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.env.PORT ?? 3226), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
