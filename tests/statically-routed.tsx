import type { ReactElement } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';

/**
 * `element` at `path` under React Router's static router, as a page is rendered on the server,
 * to hand to `renderToString` or `renderToStaticMarkup`. The browser's router (`createMemoryRouter`
 * with `RouterProvider`) would warn in every render that its layout effects do nothing there.
 * Kept out of tests/helpers/: vitest.config.ts runs a file that names that folder isolated, and the
 * files that use this keep no state of their own.
 */
export async function staticallyRouted(element: ReactElement, path: string): Promise<ReactElement> {
  const { dataRoutes, query } = createStaticHandler([{ path: '*', element }]);
  const context = await query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`the static router answered ${context.status}`);
  return <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />;
}
