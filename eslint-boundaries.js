// The layers' boundaries, enforced by ESLint (decision 077, issue 30 item 6). Three rules on what a
// file may import, written as import-path patterns (aliases `#server/…` and relative `../server/…`
// both match), so they need no module resolver:
//
//   1. intents/ (the assistant's language library) never imports server/;
//   2. app/ never imports the database (server/db/…; a type-only import of `Database` is allowed);
//   3. a route (app/routes/) imports capabilities, never a service module (server/…/service.ts, or a
//      module of a service split by job, server/…/service/…).
//
// The lists below were temporary allowlists of the files that broke them, counted in
// tests/unit/boundaries.test.ts so that they could only shrink. Any file that adds such an import
// fails `npm run lint`. All three lists are empty: intents/ since decision 082, app/ and the routes
// since issue 30 items 1 and 6 (decision 077, consequences of 29 November 2026).

/** Relative or aliased: `#server/x`, `../server/x`, `../../server/x` … */
const server = String.raw`^(?:#server|(?:\.\./)+server)/`;

export const boundaryRules = {
  intentsImportServer: {
    regex: `${server}`,
    message:
      'intents/ is a language library and never imports server/ (decision 077): move the code to server/assistant/ or pass what it needs in.',
  },
  appImportsDatabase: {
    regex: `${server}db/`,
    allowTypeImports: true,
    message:
      'app/ never imports the database (decision 077): call a server/ function that reads or writes for you (it opens the database itself).',
  },
  routeImportsService: {
    regex: `${server}(?:.+/)?service(?:\\.ts$|/)`,
    message:
      'A route imports capabilities (server/actions, the views of a capability), never a service module (decision 077).',
  },
};

/**
 * intents/ files that import server/: none since the assistant's tools, its turn and its dialogue
 * state moved to server/assistant/ (issue 30 item 3, decision 082). Kept as an empty list so that
 * the counted test shows the rule holds without exceptions.
 */
export const intentsImportingServer = [];

/**
 * app/ files that import the database: none since the pages read and act through server functions
 * that open the database themselves (issue 30 items 1 and 6; withDatabase in server/db/client.ts).
 * Kept as an empty list, like the others, so that the counted test shows the rule holds without
 * exceptions.
 */
export const appImportingDatabase = [];

/**
 * Routes that import a service module: none since the checkout pages and the sandbox provider's
 * page read through server/payments/checkout.ts (issue 30). Kept as an empty list, like the
 * intents/ list, so that the counted test shows the rule holds without exceptions.
 */
export const routesImportingServices = [];

const restricted = (rule) => {
  const { message, regex, allowTypeImports } = boundaryRules[rule];
  return { patterns: [{ regex, message, ...(allowTypeImports ? { allowTypeImports } : {}) }] };
};

/**
 * The flat-config blocks: two rule implementations, so a route gets rules 2 and 3 at once.
 * @type {import('eslint').Linter.Config[]}
 */
export const boundaries = [
  {
    files: ['intents/**/*.{ts,tsx}'],
    ignores: intentsImportingServer,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', restricted('intentsImportServer')] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: appImportingDatabase,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', restricted('appImportsDatabase')] },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    ignores: routesImportingServices,
    rules: { 'no-restricted-imports': ['error', restricted('routeImportsService')] },
  },
];
