import type { i18n as I18n } from 'i18next';

/** The options a translation function adds on its own (getFixedT): they name the text, not a value. */
const naming = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * Options i18next reads itself. A call with any of them is passed on unchanged; every other
 * option is a value for the text's `{{placeholders}}`.
 */
const reserved = new Set([
  'count',
  'ordinal',
  'context',
  'defaultValue',
  'returnDetails',
  'joinArrays',
  'replace',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'fallbackLng',
  'nsSeparator',
  'keySeparator',
  'lngIfNotFound',
  'appendNamespaceToMissingKey',
  'appendNamespaceToCIMode',
  'tDescription',
  'returnNull',
  'returnEmptyString',
]);

/** At most this many texts are kept per instance (every key in every namespace fits many times over). */
const limit = 20_000;

/** What a text is made of once its values are taken out: literal parts, and between them a value's index. */
type Template = { parts: string[]; slots: number[] } | { object: unknown };

interface Call {
  /** Language, namespaces, prefix and key: what names the text. */
  text: string;
  /** The values' names, sorted, and the values in that order; empty for a plain key. */
  names: string[];
  values: string[];
  returnObjects: boolean;
  /** A `defaultValue` was given: the text is kept only where the key exists, and the default is then never read. */
  hasDefault: boolean;
}

/**
 * What a call asks for, when its answer depends only on the text it names and on plain values
 * (strings and numbers): the translation functions' own options, values, `returnObjects`, and a
 * `defaultValue` string (not part of what names the text: see `learn`). Null for every other
 * call: counts, contexts, plural default values, arrays of keys, values that are objects, options
 * i18next reads itself.
 */
function callOf(instance: I18n, key: unknown, options: unknown): Call | null {
  if (typeof key !== 'string' || typeof options !== 'object' || options === null || Array.isArray(options)) return null;
  let lng: string = instance.language;
  let lngs = '';
  let ns = '';
  let keyPrefix = '';
  let returnObjects = false;
  let hasDefault = false;
  let named: [string, string][] | null = null;
  for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
    // getFixedT(null, …) (react-i18next's useTranslation) passes `lng: null`: the instance's language.
    if (value === undefined || value === null) {
      if (naming.has(name)) continue;
      return null;
    }
    if (naming.has(name)) {
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
    } else if (name === 'returnObjects') {
      if (typeof value !== 'boolean') return null;
      returnObjects = value;
    } else if (name === 'defaultValue' && typeof value === 'string') hasDefault = true;
    else if (reserved.has(name) || name.startsWith('defaultValue')) return null;
    else if (typeof value === 'string') (named ??= []).push([name, value]);
    else if (typeof value === 'number') (named ??= []).push([name, String(value)]);
    else return null;
  }
  if (named && named.length > 1) named.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    text: `${lng}\u0000${lngs}\u0000${ns}\u0000${keyPrefix}\u0000${key}`,
    names: named ? named.map(([name]) => name) : [],
    values: named ? named.map(([, value]) => value) : [],
    returnObjects,
    hasDefault,
  };
}

/** A stand-in for the i-th value that no text of the portal contains and that survives i18next's interpolation. */
const marker = (i: number) => `\u0001v${i}\u0002`;
// eslint-disable-next-line no-control-regex -- the markers are control characters on purpose: no text holds them
const markers = /\u0001v(\d+)\u0002/g;

/** The template of one translated string made with markers; null when a marker came out changed. */
function templateOf(text: string, count: number): { parts: string[]; slots: number[] } | null {
  const parts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const match of text.matchAll(markers)) {
    const slot = Number(match[1]);
    if (slot >= count) return null;
    parts.push(text.slice(last, match.index));
    slots.push(slot);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  const rest = parts.join('');
  return rest.includes('\u0001') || rest.includes('\u0002') ? null : { parts, slots };
}

function fill(template: { parts: string[]; slots: number[] }, values: readonly string[]): string {
  let out = template.parts[0]!;
  for (let i = 0; i < template.slots.length; i++) out += values[template.slots[i]!]! + template.parts[i + 1]!;
  return out;
}

/** An object of texts (`returnObjects`) with every string made a template; null when one cannot be. */
function objectTemplate(value: unknown, count: number): unknown {
  if (typeof value === 'string') return templateOf(value, count) ?? null;
  if (Array.isArray(value)) {
    const items = value.map((item) => objectTemplate(item, count));
    return items.includes(null) ? null : items;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, objectTemplate(v, count)] as const);
    return entries.some(([, v]) => v === null) ? null : { kind: 'object', entries };
  }
  return { kind: 'literal', value };
}

function fillObject(template: unknown, values: readonly string[]): unknown {
  if (Array.isArray(template)) return template.map((item) => fillObject(item, values));
  const node = template as { parts?: string[]; kind?: string; entries?: [string, unknown][]; value?: unknown };
  if (node.parts) return fill(node as { parts: string[]; slots: number[] }, values);
  if (node.kind === 'object') return Object.fromEntries(node.entries!.map(([k, v]) => [k, fillObject(v, values)]));
  return node.value;
}

/**
 * Keeps what an instance translates (issue 28). The translations are fixed at build time
 * (app/i18next.server.ts), so `t('footer.imprint')` in German is the same string on every request,
 * and `t('greeting', { name })` the same string around its values; i18next resolves both again on
 * each call (namespaces, fallbacks, nesting, interpolation and post-processing are looked at every
 * time), which was a tenth of the CPU of a public page and more on the legal pages' sections.
 *
 * A plain key's text is kept as it is. A call with values is made once with markers in place of
 * the values, and the answer kept as a template that later calls fill with their own values (as
 * i18next fills them: values as they are, never interpolated again, since escaping is off for
 * React to do). A text whose markers do not come out intact (a formatter, a nested lookup that
 * drops one) is not kept, and its calls go on to i18next. A call with a default is kept where its
 * key exists (the default is then never shown; a claim's subject and a cost's legal basis give a
 * file's own wording as the default of a code's text). Calls with counts, contexts, plural defaults
 * or other options i18next reads itself are always passed on.
 */
export function keepTranslations(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const escaping = instance.options.interpolation?.escapeValue !== false;
  /** Per text, per set of value names: the template, or false when the text cannot be kept. */
  const kept = new Map<string, Template | string | false>();
  const t = (...args: unknown[]): unknown => {
    const call = args.length === 2 ? callOf(instance, args[0], args[1]) : null;
    if (call === null || (escaping && call.names.length > 0)) return translate(...args);
    // A call with a default is kept apart from one without: where the key is missing, i18next
    // answers the one with its key and the other with its default.
    const id =
      call.names.length === 0 && !call.returnObjects && !call.hasDefault
        ? call.text
        : `${call.text}\u0000${call.returnObjects}\u0000${call.hasDefault}\u0000${call.names.join(',')}`;
    let found = kept.get(id);
    if (found === undefined) {
      found = learn(args[0] as string, call, args[1] as Record<string, unknown>);
      if (kept.size >= limit) kept.clear();
      kept.set(id, found);
    }
    if (found === false) return translate(...args);
    if (typeof found === 'string') return found;
    return 'parts' in found ? fill(found, call.values) : fillObject(found.object, call.values);
  };

  /**
   * The call made once with markers for its values, kept as a template (or false). A call with a
   * default is kept only when its key exists in the language or its fallbacks, where i18next never
   * reads the default: texts that differ only in their default (a file's own wording beside a code)
   * then share one template. Where the key is missing, the default is the answer, and every call
   * goes on to i18next with its own.
   */
  function learn(key: string, call: Call, options: Record<string, unknown>): Template | string | false {
    if (call.hasDefault && !instance.exists(key, options)) return false;
    if (call.names.length === 0) {
      const text = translate(key, options);
      if (typeof text === 'string') return text;
      if (!call.returnObjects) return false;
      const object = objectTemplate(text, 0);
      return object === null ? false : { object };
    }
    const marked: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(options)) {
      const slot = call.names.indexOf(name);
      marked[name] = slot >= 0 ? marker(slot) : value;
    }
    const text = translate(key, marked);
    if (typeof text === 'string') return templateOf(text, call.names.length) ?? false;
    if (!call.returnObjects) return false;
    const object = objectTemplate(text, call.names.length);
    return object === null ? false : { object };
  }

  instance.t = t as unknown as I18n['t'];
  keepFixedTranslations(instance);
  return instance;
}

type Fixed = ((key: unknown, ...rest: unknown[]) => unknown) & {
  lng?: unknown;
  lngs?: unknown;
  ns?: unknown;
  keyPrefix?: unknown;
};

/** What names a translation function's language, namespaces or prefix in its key; null for anything else. */
function part(value: unknown): string | null {
  if (value === null || value === undefined) return '\u0001';
  if (typeof value === 'string') return `s${value}`;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return `a${value.join('\u0003')}`;
  return null;
}

/** The key of a translation function's language, namespaces and prefix; null when one cannot be named. */
function fixedId(lng: unknown, ns: unknown, keyPrefix: unknown): string | null {
  const language = part(lng);
  const namespaces = part(ns);
  const prefix = part(keyPrefix);
  return language === null || namespaces === null || prefix === null
    ? null
    : `${language}\u0000${namespaces}\u0000${prefix}`;
}

/**
 * Keeps the functions of `getFixedT` (issue 28). react-i18next's `useTranslation` asks for one on
 * every render of every component that translates, about fifty per page, and i18next makes a new
 * function each time; that function copies the options of each call into a new object before it
 * reaches `t` above. Here there is one function per language, namespaces and prefix, which answers
 * a plain key (`t('footer.imprint')`) from its own map after the first time, as `t` would: the
 * translations are fixed at build time. Every other call (values, counts, defaults, arrays of keys)
 * goes on to i18next's function. A function whose language is the instance's own (`null`) passes
 * its calls on once the instance has changed language.
 */
function keepFixedTranslations(instance: I18n): void {
  const makeFixed = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => Fixed;
  const made = new Map<string, Fixed>();
  const getFixedT = (lng?: unknown, ns?: unknown, keyPrefix?: unknown, ...rest: unknown[]): Fixed => {
    const id = rest.length === 0 ? fixedId(lng, ns, keyPrefix) : null;
    if (id === null) return makeFixed(lng, ns, keyPrefix, ...rest);
    let fixed = made.get(id);
    if (fixed === undefined) {
      fixed = keptFixed(instance, makeFixed(lng, ns, keyPrefix), typeof lng === 'string' || Array.isArray(lng));
      if (made.size >= limit) made.clear();
      made.set(id, fixed);
    }
    return fixed;
  };
  instance.getFixedT = getFixedT as unknown as I18n['getFixedT'];
}

/** i18next's translation function `fixedT` with its plain keys' texts kept (`keepFixedTranslations`). */
function keptFixed(instance: I18n, fixedT: Fixed, ownLanguage: boolean): Fixed {
  const language = instance.language;
  const texts = new Map<string, string>();
  const t: Fixed = (key: unknown, ...rest: unknown[]): unknown => {
    if (rest.length > 0 || typeof key !== 'string' || !(ownLanguage || instance.language === language))
      return fixedT(key, ...rest);
    const found = texts.get(key);
    if (found !== undefined) return found;
    const text = fixedT(key);
    if (typeof text === 'string') {
      if (texts.size >= limit) texts.clear();
      texts.set(key, text);
    }
    return text;
  };
  return Object.assign(t, { lng: fixedT.lng, lngs: fixedT.lngs, ns: fixedT.ns, keyPrefix: fixedT.keyPrefix });
}
