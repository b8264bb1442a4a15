/**
 * The patched request copies of @remix-run/server-runtime (patches/, decision 120): a loader or an
 * action gets the request as it came when there is no `index`, `_data` or `_routes` parameter to
 * take out, instead of a copy whose signal undici registers for finalization. Where there is one,
 * it is still taken out, and a copy still follows the request's signal.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const cjsFile = require.resolve('@remix-run/server-runtime/dist/data.js');
const { callRouteAction, callRouteLoader } = require(cjsFile) as {
  callRouteLoader: (args: object) => Promise<unknown>;
  callRouteAction: (args: object) => Promise<unknown>;
};

async function requestSeenBy(call: typeof callRouteLoader, request: Request): Promise<Request> {
  let seen: Request | undefined;
  const handler = ({ request: given }: { request: Request }) => {
    seen = given;
    return null;
  };
  await call({
    loader: handler,
    action: handler,
    request,
    params: {},
    loadContext: {},
    routeId: 'r',
    singleFetch: true,
  });
  return seen!;
}

describe('request copies of @remix-run/server-runtime (patched)', () => {
  it('is patched in both builds (CJS, which @remix-run/node loads, and ESM)', () => {
    const esmFile = cjsFile.replace(/dist\/data\.js$/, 'dist/esm/data.js');
    for (const file of [cjsFile, esmFile])
      expect(readFileSync(file, 'utf8')).toContain('if (!url.searchParams.has("index")) return request;');
  });

  it('gives a loader and an action the request itself when there is nothing to take out', async () => {
    const get = new Request('http://portal.test/serviceportal/dashboard?tab=2', {
      signal: new AbortController().signal,
    });
    expect(await requestSeenBy(callRouteLoader, get)).toBe(get);
    const post = new Request('http://portal.test/serviceportal/profile', { method: 'POST', body: 'a=1' });
    expect(await requestSeenBy(callRouteAction, post)).toBe(post);
  });

  it('still takes out an empty index parameter and `_routes`, keeping the rest, the body and the signal', async () => {
    const controller = new AbortController();
    const request = new Request('http://portal.test/serviceportal/?index&_routes=root&tab=2', {
      method: 'POST',
      body: 'a=1',
      signal: controller.signal,
    });
    const seen = await requestSeenBy(callRouteAction, request);
    expect(seen).not.toBe(request);
    expect(new URL(seen.url).search).toBe('?tab=2');
    expect(await seen.text()).toBe('a=1');
    controller.abort();
    expect(seen.signal.aborted).toBe(true);
  });

  it('keeps an index parameter with a value', async () => {
    const request = new Request('http://portal.test/serviceportal/?index=7');
    expect(new URL((await requestSeenBy(callRouteLoader, request)).url).searchParams.getAll('index')).toEqual(['7']);
  });
});
