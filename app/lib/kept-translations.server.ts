import type { i18n as I18n } from 'i18next';

/** The options a translation function adds on its own (getFixedT): they name the text, not a value. */
const naming = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/** At most this many texts are kept per instance (every key in every namespace fits many times over). */
const limit = 20_000;

/**
 * The key of a translation whose text depends only on the key, its language and namespace: a call
 * with a plain key and no option but those a translation function fixes (getFixedT adds the
 * language, the namespaces and the key prefix). Null for every other call: counts, interpolated
 * values, contexts, default values, arrays of keys, returned objects.
 */
function cacheKey(instance: I18n, key: unknown, options: unknown): string | null {
  if (typeof key !== 'string' || typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  let lng: string = instance.language;
  let lngs = '';
  let ns = '';
  let keyPrefix = '';
  for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (!naming.has(name)) return null;
    if (typeof value === 'string') {
      if (name === 'lng') lng = value;
      else if (name === 'ns') ns = value;
      else if (name === 'keyPrefix') keyPrefix = value;
      else return null;
    } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      if (name === 'lngs') lngs = value.join(',');
      else if (name === 'ns') ns = value.join(',');
      else return null;
    } else return null;
  }
  return `${lng}\u0000${lngs}\u0000${ns}\u0000${keyPrefix}\u0000${key}`;
}

/**
 * Keeps the texts an instance translates without values (issue 28). The translations are fixed
 * at build time (app/i18next.server.ts), so `t('footer.imprint')` in German is the same string on
 * every request; i18next resolves it again on each call (namespaces, fallbacks, nesting,
 * interpolation and post-processing are looked at every time), which was a tenth of the CPU of a
 * public page. A call with values or any other option is passed on unchanged.
 */
export function keepTranslations(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const kept = new Map<string, string>();
  const t = (...args: unknown[]): unknown => {
    const key = args.length === 2 ? cacheKey(instance, args[0], args[1]) : null;
    if (key === null) return translate(...args);
    const found = kept.get(key);
    if (found !== undefined) return found;
    const text = translate(...args);
    if (typeof text === 'string') {
      if (kept.size >= limit) kept.clear();
      kept.set(key, text);
    }
    return text;
  };
  instance.t = t as unknown as I18n['t'];
  return instance;
}
