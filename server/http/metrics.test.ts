import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { metricsAllowed } from './metrics.ts';
import { routeLabeller } from './route-label.ts';

describe('/metrics access', () => {
  it('is refused without a configured token, whatever is sent', () => {
    expect(metricsAllowed(undefined, 'Bearer anything')).toBe(false);
  });

  it('needs the exact bearer token', () => {
    const token = 'scrape-token-0123456789';
    expect(metricsAllowed(token, `Bearer ${token}`)).toBe(true);
    expect(metricsAllowed(token, `bearer ${token}`)).toBe(true);
    expect(metricsAllowed(token, undefined)).toBe(false);
    expect(metricsAllowed(token, token)).toBe(false);
    expect(metricsAllowed(token, `Bearer ${token}x`)).toBe(false);
    expect(metricsAllowed(token, `Basic ${token}`)).toBe(false);
  });
});

describe('route labels', () => {
  const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
    id,
    parentId,
    path,
    index,
    module: {},
  });
  const routes = {
    root: route('root', undefined, ''),
    'routes/$portal': route('routes/$portal', 'root', ':portal'),
    'routes/$portal._index': route('routes/$portal._index', 'routes/$portal', undefined, true),
    'routes/$portal.dashboard': route('routes/$portal.dashboard', 'routes/$portal', 'dashboard'),
    'routes/l.$token': route('routes/l.$token', 'root', 'l/:token'),
  } as unknown as ServerBuild['routes'];
  const label = routeLabeller(routes);

  it('is the id of the matched route, never the path', () => {
    expect(label('/serviceportal/dashboard')).toBe('routes/$portal.dashboard');
    expect(label('/paycare/')).toBe('routes/$portal._index');
    expect(label('/l/4f1c0a9e-secret')).toBe('routes/l.$token');
  });

  it('counts single-fetch data requests under their page', () => {
    expect(label('/serviceportal/dashboard.data')).toBe('routes/$portal.dashboard');
    expect(label('/_root.data')).toBe('root');
  });

  it('has one label for everything unknown', () => {
    expect(label('/a/b/c/d')).toBe('unmatched');
  });
});
