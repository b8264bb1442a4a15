/**
 * The patched route matching of @remix-run/router (patches/, issue 16): the flattened branches
 * are kept per routes array and compiled patterns per pattern. Matching must give the same
 * answers as before, also for a pattern compiled with other options, and routes added through
 * the router (lazy route discovery) must be found at once.
 */
import { createMemoryHistory, createRouter, matchPath, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
});
