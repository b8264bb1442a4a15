import type { VitePluginConfig } from '@remix-run/dev';

/**
 * Remix plugin options. Vite never reads this file by itself: vite.config.ts imports it,
 * so the future flags live in one place and are type-checked.
 */
export const remixConfig = {
  appDirectory: 'app',
  buildDirectory: 'build',
  ignoredRouteFiles: ['**/*.test.*', '**/*.server.test.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig;

export default remixConfig;
