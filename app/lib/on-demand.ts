import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose code is its own chunk, fetched only when a page renders it (issue 16: heavy
 * parts are not in every page's first load). Unlike a bare `React.lazy`, once the code is there
 * it renders in the same pass: a server that called `preload()` before rendering puts the
 * component into the HTML with the rest of the page instead of streaming it later (which would
 * need JavaScript to show it), and a browser that has the chunk already never shows a fallback.
 *
 * In the browser the first render before the chunk arrives suspends: wrap it in a `Suspense`.
 * During hydration React then keeps the server's HTML of that boundary until the code is there.
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Component = lazy<ComponentType<Props>>(() => {
    if (loaded) {
      // A thenable that answers at once: React's lazy reads it as resolved in this very render.
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return { Component, preload };
}
