// Whether build/ is newer than every source it is made from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = [
  'app',
  'server',
  'locales',
  'intents',
  'public',
  'vite.config.ts',
  'remix.config.ts',
  'package.json',
  'scripts/vite-translations.ts',
  'scripts/vite-precompress.ts',
];
// The Remix build and the HTTP server compiled after it (scripts/build-server.mjs).
const markers = ['build/server/index.js', 'build/http/main.js'];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), info.mtimeMs);
}

export function buildIsCurrent() {
  if (!markers.every((marker) => existsSync(marker))) return false;
  const built = Math.min(...markers.map((marker) => statSync(marker).mtimeMs));
  return sources.every((s) => newest(s) <= built);
}
