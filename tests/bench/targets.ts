/**
 * What the server benchmarks ask of the portal (tests/bench/server.ts, tests/bench/ab.ts): its
 * targets, the letter links and sessions that make each request a first view, and autocannon
 * driving one target. Importing this module sets SESSION_SECRET (when unset) and DEMO before the
 * letter links are signed: the portals the benchmarks start (demo portals) inherit them and accept
 * the links.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { encodingHeaders, root } from './harness.ts';

process.env.SESSION_SECRET ??= randomBytes(33).toString('base64url');
process.env.DEMO = 'true';
const { createLetterToken } = await import('../../server/auth/letter-links.ts');

export const benchRefno = '100000001';
export const host = '127.0.0.1';
const base = '/serviceportal';

/**
 * The settings a benchmarked portal runs with (tests/bench/server.ts, tests/bench/ab.ts), on
 * `port`; `extra` goes last, and a setting given as undefined is left out.
 */
export function portalEnv(port: number, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DEMO: 'true',
    PORT: String(port),
    // As in a deployment: links are built from the configured address, never the request's Host
    // (decision 061's demo convenience would wrap every request in an AsyncLocalStorage).
    PUBLIC_BASE_URL: `http://${host}:${port}`,
    // Every request comes from 127.0.0.1: the per-client limits (chat turns among them) would
    // otherwise answer 429 within the first second.
    RATE_LIMIT_CLIENT_SCALE: '1000000',
    // A folder of its own that survives runs: the first start creates and fills it (slow), later ones reopen it.
    DATA_DIR: path.join(root, '.cache/bench/data'),
    MAINTENANCE_FILE: path.join(root, '.cache/bench/maintenance.json'),
    ...extra,
  };
}

export interface Target {
  key: string;
  name: string;
  port: number;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer must have; anything else counts as an error. */
  status: number;
  /**
   * What makes each request a first view: `visitor` a cookie of its own (the visitor page cache
   * shares only requests without one), `session` a signed-in session no other request used,
   * `letter` a letter link of its own redeemed. None: the same request again and again.
   */
  fresh?: 'visitor' | 'session' | 'letter';
}

/** The sessions of one debtor target, each for one request; `used` counts the requests that took one. */
export interface SessionPool {
  cookies: string[];
  used: number;
}

let visitorCount = 0;
/** The debtors signed in by the letter-link, dashboard, claim and chat targets (tests/bench/prepare-data.ts). */
let debtors: readonly string[] = [benchRefno];

/** The debtors the letter-link target signs in, in turn (tests/bench/prepare-data.ts). */
export function useDebtors(list: readonly string[]): void {
  debtors = list;
}

let letters = 0;

export async function cannon(target: Target, duration: number, pool: SessionPool | null, connections: number) {
  const request = {
    method: target.method ?? 'GET',
    path: target.path,
    headers: { ...encodingHeaders, ...target.headers },
    body: target.body,
  };
  return autocannon({
    url: `http://${host}:${target.port}`,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        ...request,
        setupRequest: (req: typeof request) => {
          if (target.fresh === 'visitor') {
            return { ...req, headers: { ...req.headers, Cookie: `bench_visitor=${++visitorCount}` } };
          }
          if (target.fresh === 'session' && pool) {
            const cookie = pool.cookies[pool.used++ % pool.cookies.length]!;
            return { ...req, headers: { ...req.headers, Cookie: cookie } };
          }
          if (target.fresh === 'letter') {
            const token = createLetterToken(debtors[letters++ % debtors.length]!, 1, { validDays: 1 });
            return {
              ...req,
              path: `${base}/l/${token}`,
              body: new URLSearchParams({ token }).toString(),
            };
          }
          return req;
        },
      },
    ],
  } as autocannon.Options);
}

/** Signs `count` debtors in through letter links (eight at a time) and returns their session cookies. */
export async function signInMany(
  origin: string,
  count: number,
  refnos: readonly string[] = [benchRefno],
): Promise<SessionPool> {
  const cookies: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const refno = refnos[next++ % refnos.length]!;
      const token = createLetterToken(refno, 1, { validDays: 1 });
      const response = await fetch(`${origin}${base}/l/${token}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: new URLSearchParams({ token }).toString(),
      });
      await response.arrayBuffer();
      const session = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('portal_session='));
      if (response.status !== 302 || !session)
        throw new Error(`letter link sign-in of ${refno} failed: ${response.status}`);
      cookies.push(session);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { cookies, used: 0 };
}

/**
 * The instalment step to post: an amount the file accepts and a first due date inside the
 * offered range, found the way a debtor finds them (the amount posted, the date step read).
 */
export async function instalmentStep(origin: string, cookie: string): Promise<{ path: string; body: string }> {
  const headers = { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin };
  for (const monthly of ['100,00', '150,00', '200,00', '50,00', '300,00']) {
    const posted = await fetch(`${origin}${base}/checkout/pay-installments`, {
      method: 'POST',
      redirect: 'manual',
      headers,
      body: new URLSearchParams({ intent: 'amount', monthly }).toString(),
    });
    await posted.arrayBuffer();
    const location = posted.headers.get('location');
    if (posted.status !== 302 || !location?.includes('step=date')) continue;
    const page = await (await fetch(`${origin}${location}`, { headers: { Cookie: cookie } })).text();
    const min =
      /name="firstDueOn"[^>]*\bmin="(\d{4}-\d{2}-\d{2})"|\bmin="(\d{4}-\d{2}-\d{2})"[^>]*name="firstDueOn"/.exec(page);
    const first = min?.[1] ?? min?.[2];
    if (!first) throw new Error('the date step shows no first possible date');
    return { path: location, body: new URLSearchParams({ intent: 'date', firstDueOn: first }).toString() };
  }
  throw new Error('no monthly amount was accepted for the instalment plan');
}

/**
 * The portal's targets on `origin` (tests/bench/server.ts measures them all; tests/bench/ab.ts one
 * of them on two servers). `step` is the instalment step to post (`instalmentStep`).
 */
export function portalTargets(origin: string, port: number, step: { path: string; body: string }): Target[] {
  const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin };
  return [
    {
      key: 'legal',
      name: 'legal notice, first view',
      port,
      path: `${base}/legal-notice`,
      status: 200,
      fresh: 'visitor',
    },
    {
      key: 'legal-kept',
      name: 'legal notice, kept (visitor cache)',
      port,
      path: `${base}/legal-notice`,
      status: 200,
    },
    { key: 'signin', name: 'sign-in page, first view', port, path: `${base}/signin`, status: 200, fresh: 'visitor' },
    { key: 'signin-kept', name: 'sign-in page, kept (visitor cache)', port, path: `${base}/signin`, status: 200 },
    {
      key: 'letter',
      name: 'letter link redeemed (POST)',
      port,
      method: 'POST',
      path: `${base}/l/`,
      headers: form,
      status: 302,
      fresh: 'letter',
    },
    {
      key: 'dashboard',
      name: 'dashboard, first view',
      port,
      path: `${base}/dashboard`,
      status: 200,
      fresh: 'session',
    },
    {
      key: 'claim',
      name: 'claim information, first view',
      port,
      path: `${base}/claim-information`,
      status: 200,
      fresh: 'session',
    },
    {
      key: 'instalment',
      name: 'instalment date → overview (POST)',
      port,
      method: 'POST',
      path: step.path,
      headers: form,
      body: step.body,
      status: 302,
      fresh: 'session',
    },
    {
      // One assistant turn on the embedded engine, to the stream's last byte: no chat cookie, so
      // each request is the first turn of a new conversation (classified, answered, stored, logged).
      key: 'chat',
      name: 'one chat turn, embedded engine (POST)',
      port,
      method: 'POST',
      path: `${base}/assistant/chat`,
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ text: 'wie viel muss ich zahlen' }),
      status: 200,
      fresh: 'session',
    },
  ];
}
