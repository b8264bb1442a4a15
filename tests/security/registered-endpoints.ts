/**
 * Endpoints that are not routes of app/routes, registered for the hostile-input properties and
 * the security checks (tests/security/targets.ts, `registerEndpoint`). Routes of app/routes,
 * `app/routes/api.*` included, are found by themselves and need no entry here. A JSON API
 * mounted elsewhere (server/api on Express) registers each endpoint here, e.g.
 *
 *   registerEndpoint({ id: 'api POST /api/v1/payments', path: '/api/v1/payments', reads: 'json',
 *     action: (request) => apiHandler(request) });
 */
export {};
