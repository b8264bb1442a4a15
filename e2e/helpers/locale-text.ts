/**
 * The portal's strings as the tests look them up, without Playwright: the journeys and the vitest
 * checks of the shell's links (tests/routes/shell-links.test.ts) both use it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const cache = new Map<string, unknown>();

function load(language: string, namespace: string): unknown {
  const key = `${language}/${namespace}`;
  if (!cache.has(key)) {
    const file = `${localesDir}${language}/${namespace}.json`;
    cache.set(key, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  }
  return cache.get(key);
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A string from locales/<language>/<namespace>.json with German as the fallback, as i18next
 * does; used to find buttons and links by their accessible name without copying the text.
 */
export function text(language: string, key: string, namespace = 'common'): string {
  const value = lookup(load(language, namespace), key) ?? lookup(load('de', namespace), key);
  if (value === undefined) throw new Error(`No string ${namespace}:${key} in locales/${language} or locales/de`);
  return value;
}
