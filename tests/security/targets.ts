/**
 * What the hostile-input properties and the security checks of issue 18 post to and load: every
 * route of app/routes (found from the route table, so a new route joins by itself, an
 * `app/routes/api.*` route of the JSON API included), and the endpoints registered below that
 * are not Remix routes.
 *
 * THE HOOK for endpoints outside app/routes (e.g. a JSON API mounted from server/api on Express):
 * call `registerEndpoint({ id, path, reads: 'json', action: (request) => handler(request) })` at
 * the top level of a module imported by tests/security/endpoints.ts. Each registered endpoint
 * gets the same hostile bodies, the same properties (never a 500, a named error on 400, nothing
 * echoed as HTML, the body limit) and its share of the ≥ 10,000 inputs.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import { portalBuild, type RouteEntry } from '../helpers/remix-app.ts';
import { run } from '../helpers/routes.ts';

export type Reads =
  /** An HTML form (url-encoded or multipart) through app/lib/form.server.ts. */
  | 'form'
  /** A small JSON object (the chat pane, the JSON API). */
  | 'json'
  /** A provider's signed body (webhooks): its signature decides, never a session. */
  | 'signed';

export interface Answer {
  status: number;
  headers: Headers;
  /** What the action returned as data (null for a Response). */
  data: unknown;
  /** A Response it returned or threw (its body not yet read). */
  response: Response | null;
}

/** What the tests know of a place they call, a route or a registered endpoint. */
interface Target {
  /** The route id (`routes/$portal.feedback`) or the registered name. */
  id: string;
  /** The path with its parameters filled in, query included. */
  path: string;
  params: Record<string, string>;
  reads: Reads;
  /** Answers to a bearer token only (the JSON API): a cross-site post carries nothing it acts on. */
  bearerOnly: boolean;
  /** A page (has a component): Remix renders its action's answer as a document. */
  isPage: boolean;
  /** The i18n namespaces the page loads (`handle.i18n`), for the field errors' keys. */
  namespaces: string[];
}

export interface Endpoint extends Target {
  loader?: (request: Request, ctx: AppLoadContext) => Promise<Answer>;
  action?: (request: Request, ctx: AppLoadContext) => Promise<Answer>;
}

const registered: Endpoint[] = [];

/** Adds an endpoint that is not a route of app/routes (see the hook above). */
export function registerEndpoint(endpoint: {
  id: string;
  path: string;
  reads: Reads;
  action?: (request: Request) => Promise<Response>;
  loader?: (request: Request) => Promise<Response>;
}): void {
  const wrap = (fn: (request: Request) => Promise<Response>) => async (request: Request) => {
    try {
      const response = await fn(request);
      return { status: response.status, headers: response.headers, data: null, response };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, headers: thrown.headers, data: null, response: thrown };
      throw thrown;
    }
  };
  registered.push({
    id: endpoint.id,
    path: endpoint.path,
    params: {},
    reads: endpoint.reads,
    bearerOnly: false,
    isPage: false,
    namespaces: ['common'],
    action: endpoint.action && wrap(endpoint.action),
    loader: endpoint.loader && wrap(endpoint.loader),
  });
}

/**
 * Values for the dynamic segments, shared by every test that walks the route table
 * (tests/routes/hostile-input.test.ts among them). A route with a parameter missing here makes
 * `routeTargets()` throw, so a new route cannot slip past those tests.
 */
const paramValues: Record<string, string> = {
  portal: 'serviceportal',
  paymentId: '1',
  token: 'x',
  customForm: 'identity-theft',
  orderRef: 'x',
  sessionId: 'x',
  provider: 'sandbox',
  invoiceId: '1',
  id: '1',
  orderId: '1',
  lang: 'de',
  '*': 'x',
};
/** Routes that only act in one variant, or need a query to reach their body. */
const overrides: Record<string, { portal?: string; query?: string }> = {
  'routes/$portal.twintPostback': { portal: 'serviceportal-ch' },
  'routes/$portal.signin_.bankid_.collect': { portal: 'serviceportal-se' },
  'routes/$portal.signin_.bankid': { portal: 'serviceportal-se' },
  'routes/$portal.uploads': { query: '?context=message' },
};
const signed = new Set(['routes/payments.webhook.$provider', 'routes/$portal.twintPostback']);
const json = (id: string) => id === 'routes/$portal.assistant.chat' || /^routes\/api[.]/.test(id);
/**
 * The JSON API reads no cookie, only a bearer token, so a cross-site page cannot borrow a session
 * there (decision 044): exempt from the same-origin check like the signed webhooks. So does the
 * agency API (OAuth 2.0 client credentials, decision 086).
 */
const bearerOnly = new Set(['routes/api.$', 'routes/agency.v1.$']);

function fullPath(route: RouteEntry, all: Map<string, RouteEntry>): string {
  const parts: string[] = [];
  for (let r: RouteEntry | undefined = route; r; r = r.parentId ? all.get(r.parentId) : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join('/')}`;
}

function toAnswer(result: Awaited<ReturnType<typeof run>>): Answer {
  return { status: result.status, headers: result.headers, data: result.data, response: result.response };
}

export interface RouteModule {
  action?: (args: ActionFunctionArgs) => unknown;
  loader?: (args: LoaderFunctionArgs) => unknown;
  default?: unknown;
}

/** A route of the route table with the path and parameters the tests call it with. */
export interface RouteTarget extends Target {
  /** The id without its folder (`$portal.feedback`), as the route files are named. */
  name: string;
  module: RouteModule;
}

/**
 * Every route of the route table, with its path and parameters. `values` replaces some of the
 * parameter values for one test (the hostile-input test posts to an API call that takes a form).
 */
export async function routeTargets(values: Record<string, string> = {}): Promise<RouteTarget[]> {
  const { routes } = await portalBuild();
  const byId = new Map(routes.map((r) => [r.id, r]));
  const valueOf: Record<string, string> = { ...paramValues, ...values };
  return routes.map((route): RouteTarget => {
    const override = overrides[route.id];
    const params: Record<string, string> = {};
    const path = fullPath(route, byId).replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
      const key = name ?? '*';
      const value = key === 'portal' ? (override?.portal ?? valueOf.portal!) : valueOf[key];
      if (!value) throw new Error(`no test value for the parameter ${key} of ${route.id}: add one to paramValues`);
      params[key] = value;
      return value;
    });
    // The namespaces of the route and its layouts (a staff page's keys are in the staff layout's).
    const i18n: string[] = [];
    for (let r: RouteEntry | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) {
      const own = (r.module as { handle?: { i18n?: string[] | string } }).handle?.i18n;
      i18n.push(...(Array.isArray(own) ? own : own ? [own] : []));
    }
    const module = route.module as RouteModule;
    return {
      id: route.id,
      name: route.id.replace(/^routes\//, ''),
      path: `${path === '/' ? '/' : path.replace(/\/$/, '')}${override?.query ?? ''}`,
      params,
      reads: signed.has(route.id) ? 'signed' : json(route.id) ? 'json' : 'form',
      bearerOnly: bearerOnly.has(route.id),
      isPage: module.default !== undefined,
      namespaces: [...new Set([...i18n, 'common'])],
      module,
    };
  });
}

/** Every route of the route table and every registered endpoint, with paths and parameters. */
export async function endpoints(): Promise<Endpoint[]> {
  const fromRoutes = (await routeTargets()).map(
    ({ id, path, params, reads, bearerOnly, isPage, namespaces, module }): Endpoint => {
      const call = (fn: (args: never) => unknown) => async (request: Request, ctx: AppLoadContext) =>
        toAnswer(await run(fn as never, request, params, ctx));
      return {
        id,
        path,
        params,
        reads,
        bearerOnly,
        isPage,
        namespaces,
        action: typeof module.action === 'function' ? call(module.action) : undefined,
        loader: typeof module.loader === 'function' ? call(module.loader) : undefined,
      };
    },
  );
  return [...fromRoutes, ...registered];
}
