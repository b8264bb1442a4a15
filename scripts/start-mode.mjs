// How `npm start` (scripts/start.mjs) starts the portal, decided from the caller's environment alone.
//
// A fresh clone (none of NODE_ENV=production, DEMO, SESSION_SECRET, PUBLIC_BASE_URL, DATABASE_URL
// set) gets the demo mode. Anything that says "this is a deployment" turns that default off:
// NODE_ENV=production above all (issue 31, finding 2: it used to start the demo with its published
// secret, demo staff and the public development mailbox), and the server then refuses to start
// without its own secret and public address, exactly as `npm run start:prod` does (server/env.ts).

/** The variables that configure a real deployment; any of them set turns the demo default off. */
export const deploymentVariables = ['DEMO', 'SESSION_SECRET', 'PUBLIC_BASE_URL', 'DATABASE_URL'];

/**
 * `{ demo: true }` for a fresh clone, else `{ demo: false }`; `extraEnv` is what start.mjs adds to
 * the server's environment (the caller's own variables always win).
 * @param {Record<string, string | undefined>} environment
 * @returns {{ demo: boolean, extraEnv: Record<string, string> }}
 */
export function startMode(environment) {
  const production = environment.NODE_ENV === 'production';
  const configured = production || deploymentVariables.some((name) => environment[name]);
  return configured
    ? { demo: false, extraEnv: { NODE_ENV: 'production' } }
    : { demo: true, extraEnv: { NODE_ENV: 'production', DEMO: 'true' } };
}
