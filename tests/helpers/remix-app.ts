/**
 * The portal's Remix app in-process, from the source modules the other route tests import: the
 * route table of app/routes (Remix's own flat-routes convention), app/root.tsx and
 * app/entry.server.tsx put together as a server build and handed to Remix's request handler.
 * A request goes through everything Remix does for a real one (its same-origin check of page
 * actions, the action, every loader of the matched branch, the error boundaries, rendering the
 * whole document to HTML) without `npm run build` and without a socket. Only the browser assets
 * are stand-ins: the document names script files that do not exist, which no test here loads.
 *
 * `edgeApp()` puts the portal's Express edge in front of it (CSP nonce, security headers, the
 * same-origin and body-size guards of server/http/security.ts, the Remix handler with the page
 * cache of server/http/remix-handler.ts) with the same options server/http/main.ts gives them.
 */
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/node';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { remixConfig } from '../../remix.config.ts';
import * as entryServer from '~/entry.server';
import * as root from '~/root';
import { portalPageCaches, remixHandler as edgeRemixHandler } from '#server/http/remix-handler.ts';
import { cspNonce, requestGuards, securityHeaders } from '#server/http/security.ts';
import { context } from './routes.ts';

type RouteModule = Record<string, unknown>;

const appDirectory = fileURLToPath(new URL('../../app', import.meta.url));
// The flat route files and the folder routes (a folder's route.tsx, decision 084).
const routeModules = import.meta.glob<RouteModule>([
  '../../app/routes/*.{ts,tsx}',
  '../../app/routes/*/route.{ts,tsx}',
]);

export interface RouteEntry {
  id: string;
  parentId: string | undefined;
  path: string | undefined;
  index: boolean | undefined;
  file: string;
  module: RouteModule;
}

let built: Promise<{ build: ServerBuild; routes: RouteEntry[] }> | undefined;

/** The route table and the server build, made once per test file. */
export function portalBuild(): Promise<{ build: ServerBuild; routes: RouteEntry[] }> {
  built ??= assemble();
  return built;
}

async function assemble() {
  const manifest = flatRoutes(appDirectory, remixConfig.ignoredRouteFiles) as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string }
  >;
  const routes: RouteEntry[] = [
    { id: 'root', parentId: undefined, path: '', index: undefined, file: 'root.tsx', module: root },
  ];
  for (const route of Object.values(manifest)) {
    const key = `../../app/${route.file}`;
    const load = routeModules[key];
    if (!load) throw new Error(`route module ${key} not found`);
    routes.push({
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      file: route.file,
      module: await load(),
    });
  }
  const serverRoutes: ServerBuild['routes'] = {};
  const assetRoutes: ServerBuild['assets']['routes'] = {};
  for (const route of routes) {
    const m = route.module;
    serverRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: undefined,
      module: m as never,
    };
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: undefined,
      hasAction: typeof m.action === 'function',
      hasLoader: typeof m.loader === 'function',
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: m.ErrorBoundary !== undefined,
      module: `/assets/${route.id}.js`,
      imports: [],
      css: [],
    };
  }
  const build: ServerBuild = {
    mode: 'production',
    entry: { module: entryServer as never },
    routes: serverRoutes,
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      routes: assetRoutes,
      url: '/assets/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: remixConfig.future as never,
    isSpaMode: false,
  };
  return { build, routes: routes.filter((r) => r.id !== 'root') };
}

/** Remix's own handler on the in-process build: `handle(request, loadContext)`. */
export async function remixHandler(): Promise<(request: Request, ctx?: AppLoadContext) => Promise<Response>> {
  const { build } = await portalBuild();
  const handler = createRequestHandler(build, 'production');
  return (request, ctx = context()) => handler(request, ctx);
}

/** The portal's Express edge (as server/http/main.ts mounts it, demo mode over HTTP) before Remix. */
export async function edgeApp(): Promise<express.Express> {
  const { build } = await portalBuild();
  const app = express();
  app.disable('x-powered-by');
  app.use(cspNonce);
  app.use(securityHeaders({ secure: false, dev: false, frameablePaths: ['/sandbox/pay/'], connectOrigins: [] }));
  app.use(...requestGuards({ allowedOrigins: () => [] }));
  app.all(
    '*',
    edgeRemixHandler({ build, mode: 'production', pageCaches: portalPageCaches(), requestId: () => 'test' }),
  );
  return app;
}

/**
 * The edge app listening on 127.0.0.1, on a port the kernel chooses, for this test file (started
 * before its tests, closed after them), for tests that need real HTTP: headers as sent, bodies as a
 * browser gets them. `base` is known once it listens (inside the tests, not at the top of the file).
 */
export function useEdgeServer(): { readonly base: string } {
  let server: Server | undefined;
  let base = '';
  beforeAll(async () => {
    const app = express();
    app.use(await edgeApp());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());
  return {
    get base() {
      if (!base) throw new Error('the edge server is not listening yet (use base inside a test)');
      return base;
    },
  };
}
