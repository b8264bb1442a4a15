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
const marker = 'build/server/index.js';

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), info.mtimeMs);
}

export function buildIsCurrent() {
  if (!existsSync(marker)) return false;
  const built = statSync(marker).mtimeMs;
  return sources.every((s) => newest(s) <= built);
}
