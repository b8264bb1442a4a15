import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const localesDir = path.resolve(import.meta.dirname, '../locales');

/** Every translation file, minified, by "<language>/<namespace>". */
export function readTranslations(dir = localesDir): Map<string, string> {
  const files = new Map<string, string>();
  for (const language of readdirSync(dir).sort())
    for (const file of readdirSync(path.join(dir, language)).sort())
      if (file.endsWith('.json'))
        files.set(
          `${language}/${file.slice(0, -'.json'.length)}`,
          JSON.stringify(JSON.parse(readFileSync(path.join(dir, language, file), 'utf8'))),
        );
  return files;
}

/** One version for all translations: it changes whenever any of them changes. */
export function translationsVersion(files: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const [key, content] of files) hash.update(`${key}\0${content}\0`);
  return hash.digest('base64url').slice(0, 10);
}

/**
 * The browser's translations as JSON files under one versioned folder,
 * build/client/assets/translations-<version>/<language>/<namespace>.json, served with the other
 * assets (immutable, a year): a new version is a new address, so no browser keeps an old text.
 * The client finds them with one pattern and the version (`__TRANSLATIONS_VERSION__`), instead of
 * a map of 168 hashed chunk names in entry.client (issue 16, decision 051). The dev server
 * answers the same addresses from locales/ as the files are now.
 */
export function translations(): Plugin {
  const files = readTranslations();
  const version = translationsVersion(files);
  let ssr = false;
  return {
    name: 'portal-translations',
    config: () => ({ define: { __TRANSLATIONS_VERSION__: JSON.stringify(version) } }),
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (ssr) return;
      for (const [key, source] of files)
        this.emitFile({ type: 'asset', fileName: `assets/translations-${version}/${key}.json`, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/assets\/translations-[\w-]+\/(\w+)\/([\w-]+)\.json$/.exec(req.url?.split('?')[0] ?? '');
        const content = match ? readTranslations().get(`${match[1]}/${match[2]}`) : undefined;
        if (!content) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(content);
      });
    },
  };
}
