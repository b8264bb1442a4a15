#!/usr/bin/env node
// The HTTP server (server/http/main.ts and the server/ modules it imports) compiled to one
// JavaScript file, build/http/main.js, after the Remix build (issue 28, decision 075). Production
// runs it with plain `node`: without tsx, whose loader thread kept every transpiled module and
// took about as much memory again as the server itself. Packages stay outside (node_modules), as
// in the Remix build. Development (`npm run dev`) and the tests still run the TypeScript.
import { build } from 'vite';

await build({
  configFile: false,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: 'server/http/main.ts',
    outDir: 'build/http',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'main.js', format: 'es' } },
  },
});
