import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { keepTranslations } from '~/lib/kept-translations.server';
import { resources } from '~/i18next.server';
import { i18nConfig, namespaces } from '~/i18n';

const small = {
  de: {
    common: { hello: 'Hallo', greet: 'Hallo {{name}}', item_one: '{{count}} Posten', item_other: '{{count}} Posten' },
    other: { hello: 'Servus' },
  },
  en: {
    common: {
      hello: 'Hello',
      greet: 'Hello {{name}}',
      item_one: '{{count}} item',
      item_other: '{{count}} items',
      sub: { hello: 'Hi' },
    },
    other: { hello: 'Howdy' },
  },
};

/** i18next's translator, which every translation goes through (not in its public types). */
const translator = (i18n: I18n) => (i18n as unknown as { translator: { translate: () => unknown } }).translator;

async function instance(kept: boolean): Promise<I18n> {
  const created = createInstance();
  await created.init({
    lng: 'de',
    fallbackLng: 'de',
    ns: ['common', 'other'],
    defaultNS: 'common',
    resources: small,
    interpolation: { escapeValue: false }, // as the portal's (app/i18n.ts): React escapes
  });
  return kept ? keepTranslations(created) : created;
}

describe('keepTranslations', () => {
  it('resolves a plain key once per language, namespace and prefix', async () => {
    const i18n = await instance(true);
    const translate = vi.spyOn(translator(i18n), 'translate');
    const de = i18n.getFixedT('de', 'common');
    expect(de('hello')).toBe('Hallo');
    expect(de('hello')).toBe('Hallo');
    expect(translate).toHaveBeenCalledTimes(1);
    expect(i18n.getFixedT('en', 'common')('hello')).toBe('Hello');
    expect(i18n.getFixedT('en', 'other')('hello')).toBe('Howdy');
    expect(i18n.getFixedT('en', 'common', 'sub')('hello')).toBe('Hi');
    expect(i18n.getFixedT('de', 'other')('hello')).toBe('Servus');
    expect(translate).toHaveBeenCalledTimes(5);
    expect(i18n.getFixedT('en', 'common', 'sub')('hello')).toBe('Hi');
    expect(translate).toHaveBeenCalledTimes(5);
  });

  it("keeps a text with values as a template, filled with each call's own values", async () => {
    const i18n = await instance(true);
    const translate = vi.spyOn(translator(i18n), 'translate');
    const en = i18n.getFixedT('en', 'common');
    expect(en('greet', { name: 'Ana' })).toBe('Hello Ana');
    expect(en('greet', { name: 'Ben' })).toBe('Hello Ben');
    expect(en('greet', { name: 42 })).toBe('Hello 42');
    // Values go in as they are: never read as replacement patterns or interpolated again.
    expect(en('greet', { name: '$& {{name}} $1' })).toBe('Hello $& {{name}} $1');
    expect(translate).toHaveBeenCalledTimes(1);
    expect(i18n.getFixedT('de', 'common')('greet', { name: 'Ana' })).toBe('Hallo Ana');
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it('passes calls with counts, defaults, objects as values and arrays of keys on', async () => {
    const i18n = await instance(true);
    const translate = vi.spyOn(translator(i18n), 'translate');
    const en = i18n.getFixedT('en', 'common');
    expect(en('item', { count: 1 })).toBe('1 item');
    expect(en('item', { count: 3 })).toBe('3 items');
    expect(en('missing', 'the default')).toBe('the default');
    expect(en('missing', 'another default')).toBe('another default');
    expect(en(['missing', 'hello'])).toBe('Hello');
    expect(en('greet', { name: { first: 'Ana' } })).toBe(
      i18n.getFixedT('en', 'common')('greet', { name: { first: 'Ana' } }),
    );
    expect(translate).toHaveBeenCalledTimes(7);
  });

  it("keeps a call with a default where its key exists, and answers a missing key with each call's own default", async () => {
    const i18n = await instance(true);
    const translate = vi.spyOn(translator(i18n), 'translate');
    const en = i18n.getFixedT('en', 'common');
    expect(en('greet', { name: 'Ana', defaultValue: 'Hi {{name}}' })).toBe('Hello Ana');
    expect(en('greet', { name: 'Ben', defaultValue: 'Yo {{name}}' })).toBe('Hello Ben');
    expect(en('sub.hello', { defaultValue: 'a file’s own words' })).toBe('Hi');
    expect(en('sub.hello', { defaultValue: 'other words' })).toBe('Hi');
    expect(translate).toHaveBeenCalledTimes(2);
    // Missing: every call answers with its own default, filled with its own values.
    expect(en('missing', { name: 'Ana', defaultValue: 'Hi {{name}}' })).toBe('Hi Ana');
    expect(en('missing', { name: 'Ben', defaultValue: 'Yo {{name}}' })).toBe('Yo Ben');
    expect(en('missing', { defaultValue: 'Hey' })).toBe('Hey');
    // …and a call without one answers its key, as i18next does, whichever came first.
    expect(en('missing')).toBe('missing');
    expect(en('missing', { defaultValue: 'Hey' })).toBe('Hey');
    const fresh = (await instance(true)).getFixedT('en', 'common');
    expect(fresh('missing')).toBe('missing');
    expect(fresh('missing', { defaultValue: 'Hey' })).toBe('Hey');
    // A key missing in the language but in its fallback (German) is the fallback's text.
    const de = await instance(true);
    de.addResource('de', 'common', 'onlyGerman', 'Nur deutsch {{x}}');
    expect(de.getFixedT('en', 'common')('onlyGerman', { x: 1, defaultValue: 'no' })).toBe('Nur deutsch 1');
    expect(de.getFixedT('en', 'common')('onlyGerman', { x: 2, defaultValue: 'no' })).toBe('Nur deutsch 2');
  });

  it("keeps useTranslation's calls, whose language is null (the instance's own)", async () => {
    const i18n = await instance(true);
    const translate = vi.spyOn(translator(i18n), 'translate');
    const t = i18n.getFixedT(null, 'common');
    expect(t('hello')).toBe('Hallo');
    expect(t('hello')).toBe('Hallo');
    expect(t('greet', { name: 'Ana' })).toBe('Hallo Ana');
    expect(t('greet', { name: 'Ben' })).toBe('Hallo Ben');
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it("gives one translation function per language, namespaces and prefix, and answers its plain keys without i18next's", async () => {
    const i18n = await instance(true);
    const t = i18n.getFixedT(null, 'common');
    expect(i18n.getFixedT(null, 'common')).toBe(t);
    expect(i18n.getFixedT(null, ['common'])).not.toBe(t);
    expect(i18n.getFixedT('de', 'common')).not.toBe(t);
    expect(i18n.getFixedT(null, 'common', 'sub')).not.toBe(t);
    expect(i18n.getFixedT(null, 'other')).not.toBe(t);
    expect((t as unknown as { ns: unknown }).ns).toBe('common');
    const translateCall = vi.spyOn(i18n, 't');
    expect(t('hello')).toBe('Hallo');
    expect(t('hello')).toBe('Hallo');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('missing.key')).toBe('missing.key');
    expect(translateCall).toHaveBeenCalledTimes(2);
    // Calls with anything beside the key go on, every time.
    expect(t('greet', { name: 'Ana' })).toBe('Hallo Ana');
    expect(t('greet', { name: 'Ben' })).toBe('Hallo Ben');
    expect(t('missing', 'the default')).toBe('the default');
    expect(translateCall).toHaveBeenCalledTimes(5);
    expect(i18n.getFixedT(null, 'other')('hello')).toBe('Servus');
    expect(i18n.getFixedT('en', 'common', 'sub')('hello')).toBe('Hi');
    expect(i18n.getFixedT(['en', 'de'], 'other')('hello')).toBe('Howdy');
  });

  it("follows the instance's language where a function has none of its own", async () => {
    const i18n = await instance(true);
    const own = i18n.getFixedT(null, 'common');
    const german = i18n.getFixedT('de', 'common');
    expect(own('hello')).toBe('Hallo');
    await i18n.changeLanguage('en');
    expect(own('hello')).toBe('Hello');
    expect(german('hello')).toBe('Hallo');
    expect(i18n.getFixedT(null, 'common')('hello')).toBe('Hello');
  });

  it('passes values on where i18next escapes them', async () => {
    const created = createInstance();
    await created.init({ lng: 'en', resources: { en: { translation: { greet: 'Hello {{name}}' } } } });
    const i18n = keepTranslations(created);
    const translate = vi.spyOn(translator(i18n), 'translate');
    expect(i18n.getFixedT('en')('greet', { name: 'A & B' })).toBe('Hello A &amp; B');
    expect(i18n.getFixedT('en')('greet', { name: 'C & D' })).toBe('Hello C &amp; D');
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it('does not keep a text whose value a formatter changes', async () => {
    const created = createInstance();
    await created.init({
      lng: 'en',
      resources: { en: { translation: { shout: 'Hey {{name, uppercase}}' } } },
      interpolation: { escapeValue: false },
    });
    created.services.formatter?.add('uppercase', (value: string) => value.toUpperCase());
    const i18n = keepTranslations(created);
    const t = i18n.getFixedT('en');
    expect(t('shout', { name: 'ana' })).toBe('Hey ANA');
    expect(t('shout', { name: 'ben' })).toBe('Hey BEN');
  });

  it('answers every text of the portal as i18next itself does', async () => {
    const init = { ...i18nConfig, ns: [...namespaces], resources };
    const plain = createInstance();
    await plain.init(init);
    const kept = createInstance();
    await kept.init(init);
    keepTranslations(kept);
    let compared = 0;
    let withValues = 0;
    for (const language of i18nConfig.supportedLngs) {
      for (const namespace of namespaces) {
        const keys = Object.keys(flatten(resources.de?.[namespace] ?? {}));
        const expected = plain.getFixedT(language, namespace);
        const actual = kept.getFixedT(language, namespace);
        for (const key of keys) {
          const once = actual(key);
          expect(actual(key)).toEqual(once);
          expect(once).toEqual(expected(key));
          // With a default, which a key that exists never shows.
          expect(actual(key, { defaultValue: `${key}?` })).toEqual(expected(key, { defaultValue: `${key}?` }));
          compared++;
          // With values for its placeholders, and values with characters that mean something elsewhere.
          const names = placeholders(resources[language]?.[namespace], key);
          if (names.length > 0 && !names.includes('count')) {
            for (const sample of ['Ana', '$& $1 {{x}}', 1234.5]) {
              const values = Object.fromEntries(
                names.map((name, i) => [name, typeof sample === 'string' ? `${sample}${i}` : sample]),
              );
              expect(actual(key, values)).toEqual(expected(key, values));
              withValues++;
            }
          }
        }
        // Objects of texts (the legal pages' sections), with the values their texts ask for.
        for (const key of Object.keys(resources.de?.[namespace] ?? {})) {
          const names = placeholders(resources[language]?.[namespace], key);
          const values = {
            returnObjects: true,
            ...Object.fromEntries(names.filter((n) => n !== 'count').map((n) => [n, `<${n}>`])),
          };
          const once = actual(key, values);
          expect(actual(key, values)).toEqual(once);
          expect(once).toEqual(expected(key, values));
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(withValues).toBeGreaterThan(500);
  });
});

function flatten(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item && typeof item === 'object' && !Array.isArray(item))
      Object.assign(out, flatten(item as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`.replace(/_(one|other|zero|two|few|many)$/, '')] = item;
  }
  return out;
}

/** The names of the `{{placeholders}}` under a key (a text, or every text of an object), in one language. */
function placeholders(tree: Record<string, unknown> | undefined, key: string): string[] {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const texts =
    node === undefined
      ? Object.entries(tree ?? {})
          .filter(([k]) => k.startsWith(`${key}_`))
          .map(([, v]) => v)
      : [node];
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const match of value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) names.add(match[1]!);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  texts.forEach(visit);
  return [...names];
}
