/**
 * The patched route matching of @remix-run/router (patches/, issue 16): the flattened branches
 * are kept per routes array and compiled patterns per pattern. Matching must give the same
 * answers as before, also for a pattern compiled with other options, and routes added through
 * the router (lazy route discovery) must be found at once. Issue 28 keeps the matches of a path
 * (each caller gets copies of its own), and builds the tree a document is rendered with once per
 * build (patches to @remix-run/react and react-router-dom), so that its matching is kept too.
 */
import { createMemoryHistory, createRouter, matchPath, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';

const routes: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'index', index: true },
      {
        id: 'portal',
        path: ':portal',
        children: [
          { id: 'dashboard', path: 'dashboard' },
          { id: 'splat', path: '*' },
        ],
      },
    ],
  },
];

const ids = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.id) ?? null;

describe('route matching (patched @remix-run/router)', () => {
  it('is patched in both builds the portal loads (ESM for the browser and the server bundle, CJS for Remix)', () => {
    const require = createRequire(import.meta.url);
    const cjs = require.resolve('@remix-run/router');
    const esm = cjs.replace(/router\.cjs\.js$/, 'router.js');
    for (const file of [cjs, esm]) expect(readFileSync(file, 'utf8')).toContain('rankedBranchesCache');
  });

  it('answers the same on every call, with the params of each pathname', () => {
    for (let i = 0; i < 3; i++) {
      expect(ids('/serviceportal/dashboard')).toEqual(['root', 'portal', 'dashboard']);
      expect(ids('/paycare/dashboard/')).toEqual(['root', 'portal', 'dashboard']);
      expect(ids('/serviceportal/anything/else')).toEqual(['root', 'portal', 'splat']);
      expect(ids('/')).toEqual(['root', 'index']);
    }
    expect(matchRoutes(routes, '/paycare/dashboard')?.[1]?.params).toEqual({ portal: 'paycare' });
    expect(matchRoutes(routes, '/serviceportal/a/b')?.at(-1)?.params).toEqual({ portal: 'serviceportal', '*': 'a/b' });
  });

  it('keeps a compiled pattern apart by its options (end, case)', () => {
    expect(matchPath({ path: '/a', end: true }, '/a/b')).toBeNull();
    expect(matchPath({ path: '/a', end: false }, '/a/b')?.pathnameBase).toBe('/a');
    expect(matchPath({ path: '/a', end: true }, '/a/b')).toBeNull();
    expect(matchPath({ path: '/A', caseSensitive: true }, '/a')).toBeNull();
    expect(matchPath({ path: '/A', caseSensitive: false }, '/a')).not.toBeNull();
  });

  it('finds routes the router adds to its tree later (lazy route discovery)', async () => {
    const tree: AgnosticRouteObject[] = [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }];
    const router = createRouter({
      routes: tree,
      history: createMemoryHistory({ initialEntries: ['/'] }),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === '/late') patch('root', [{ id: 'late', path: 'late' }]);
      },
    }).initialize();
    // The tree is matched (and its branches kept) before the route is added.
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'home']);
    await router.navigate('/late');
    expect(router.state.matches.map((m) => m.route.id)).toEqual(['root', 'late']);
    expect(matchRoutes(router.routes, '/late')?.map((m) => m.route.id)).toEqual(['root', 'late']);
    router.dispose();
  });

  it('gives every caller matches of its own, also when the path was matched before', () => {
    const first = matchRoutes(routes, '/paycare/dashboard')!;
    (first[1]!.params as Record<string, string>).portal = 'changed';
    first[1]!.pathname = '/changed';
    const second = matchRoutes(routes, '/paycare/dashboard')!;
    expect(second).not.toBe(first);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]?.params).toEqual({ portal: 'paycare' });
    expect(second[1]?.pathname).toBe('/paycare');
    // The matches of one branch still share one params object, as the router's own do.
    expect(second[0]?.params).toBe(second[2]?.params);
    // The route objects are the tree's own.
    expect(second.map((m) => m.route)).toEqual([
      routes[0],
      routes[0]!.children![1],
      routes[0]!.children![1]!.children![0],
    ]);
  });

  it('matches a long path without keeping it, and still right', () => {
    const long = `/serviceportal/${'x/'.repeat(400)}end`;
    expect(matchRoutes(routes, long)?.at(-1)?.params['*']).toBe(`${'x/'.repeat(400)}end`);
  });

  it('is patched where a document is rendered (@remix-run/react, react-router-dom)', () => {
    const require = createRequire(import.meta.url);
    const remix = require.resolve('@remix-run/react').replace(/index\.js$/, 'server.js');
    const remixEsm = remix.replace(/dist\/server\.js$/, 'dist/esm/server.js');
    for (const file of [remix, remixEsm]) expect(readFileSync(file, 'utf8')).toContain('serverRoutesCache');
    const dom = require.resolve('react-router-dom/server');
    for (const file of [dom, dom.replace(/\.js$/, '.mjs')])
      expect(readFileSync(file, 'utf8')).toContain('dataRoutesCache');
  });

  it('renders with the same data routes for the same tree, and other ones for another tree', async () => {
    const tree = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'home', index: true },
          { id: 'a', path: 'a' },
        ],
      },
    ];
    const handler = createStaticHandler(tree);
    const context = await handler.query(new Request('http://portal.invalid/a'));
    if (context instanceof Response) throw new Error('a redirect');
    const one = createStaticRouter(tree, context);
    const two = createStaticRouter(tree, context);
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.map((m) => m.route.id)).toEqual(['root', 'a']);
    // The state's matches point into the router's own data routes.
    expect(one.state.matches[1]?.route).toBe(one.routes[0]?.children?.[1]);
    const other = structuredClone(tree);
    expect(createStaticRouter(other, context).routes).not.toBe(one.routes);
  });
});
