#!/usr/bin/env node
// `npm run dev`: the portal from its sources with Vite's dev server (hot reload). Vite loads the
// edge server (server/http/main.ts) itself, so the edge and the Remix routes are one module graph,
// as they are in the compiled server (decision 076): one database handle, one metrics registry.
import { createServer } from 'vite';

const vite = await createServer({ server: { middlewareMode: true } });
const { main } = await vite.ssrLoadModule('/server/http/main.ts');
main({ dev: true, vite });
