/**
 * The database is away (stopped, restarting, failing over, unreachable): issue 18, faults. A
 * loader or action that meets such an error answers 503 with Retry-After, and the page says in
 * the debtor's language that the portal is briefly unavailable (app/components/pages/ErrorPage);
 * the transaction it was in is rolled back by PostgreSQL, so nothing is half written. The next
 * request gets a new connection from the pool once the database is back.
 */
import type { ServerBuild } from '@remix-run/node';

/** Connection errors of node-postgres and the server's own codes for "not now" (SQLSTATE 08…, 57P01–57P03). */
const errnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const messages = [
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /the database system is (shutting down|starting up|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps the driver's error (DrizzleQueryError.cause); an AggregateError lists several.
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (errnos.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)))
      return true;
    if (typeof message === 'string' && messages.some((pattern) => pattern.test(message))) return true;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

/** The answer a loader or action throws when the database is away. */
export function unavailableResponse(): Response {
  return Response.json(
    { unavailable: 'database' },
    { status: 503, headers: { 'Retry-After': '30', 'Cache-Control': 'no-store' } },
  );
}

type Handler = (...args: never[]) => unknown;

function guard<T extends Handler | undefined>(handler: T): T {
  if (!handler) return handler;
  return (async (...args: never[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw unavailableResponse();
      throw error;
    }
  }) as unknown as T;
}

/** The server build with every loader and action answering 503 (not 500) while the database is away. */
export function guardDatabaseErrors(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    routes[id] = {
      ...route,
      module: { ...route.module, loader: guard(route.module.loader), action: guard(route.module.action) },
    };
  }
  return { ...build, routes };
}
