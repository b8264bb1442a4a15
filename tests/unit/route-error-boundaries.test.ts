import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every screen (a route module with a component) has its own error boundary, so that a failing
 * loader or action shows its message inside the page area and the shell stays (issue 12,
 * finding 7). Resource routes have no component and need none.
 */
const routesDir = fileURLToPath(new URL('../../app/routes/', import.meta.url));
// The flat route files and the folder routes' route.tsx (decision 084).
const screens = readdirSync(routesDir, { withFileTypes: true })
  .map((entry) => (entry.isDirectory() ? `${entry.name}/route.tsx` : entry.name))
  .filter((name) => name.endsWith('.tsx') && existsSync(`${routesDir}${name}`))
  .map((name) => ({ name, source: readFileSync(`${routesDir}${name}`, 'utf8') }))
  .filter(({ source }) => /^export default /m.test(source));

describe('route error boundaries', () => {
  it('finds the screens', () => expect(screens.length).toBeGreaterThan(40));
  it.each(screens.map(({ name, source }) => [name, source] as const))(
    '%s exports an ErrorBoundary',
    (_name, source) => {
      expect(source).toMatch(
        /^export (function ErrorBoundary\(|\{ RouteErrorBoundary as ErrorBoundary \} from '~\/components\/pages\/ErrorBoundary';$)/m,
      );
    },
  );
});
