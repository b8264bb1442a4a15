import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { remixConfig } from './remix.config';
import { precompress } from './scripts/vite-precompress';
import { serverEntry } from './scripts/vite-server-entry';
import { translations } from './scripts/vite-translations';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#server': fileURLToPath(new URL('./server', import.meta.url)),
      '#locales': fileURLToPath(new URL('./locales', import.meta.url)),
    },
  },
  server: { port: 3000 },
  build: {
    target: 'es2020',
    cssMinify: true,
    // Workers must be real files: the CSP allows workers from 'self' only, never data: URLs.
    assetsInlineLimit: (file: string) => (/worker/.test(file) ? false : undefined),
  },
  ssr: { external: ['@electric-sql/pglite', 'argon2', 'pg', 'pino'] },
  plugins: [
    remix(remixConfig),
    translations(),
    precompress(),
    serverEntry('server/http/main.ts', { 'pglite-worker': 'server/db/pglite-worker.ts' }),
  ],
});
