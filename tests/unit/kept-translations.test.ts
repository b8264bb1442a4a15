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
  await created.init({ lng: 'de', fallbackLng: 'de', ns: ['common', 'other'], defaultNS: 'common', resources: small });
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

  it('passes every call with values, counts or defaults on', async () => {
    const i18n = await instance(true);
    const translate = vi.spyOn(translator(i18n), 'translate');
    const en = i18n.getFixedT('en', 'common');
    expect(en('greet', { name: 'Ana' })).toBe('Hello Ana');
    expect(en('greet', { name: 'Ben' })).toBe('Hello Ben');
    expect(en('item', { count: 1 })).toBe('1 item');
    expect(en('item', { count: 3 })).toBe('3 items');
    expect(en('missing', 'the default')).toBe('the default');
    expect(en('missing', 'another default')).toBe('another default');
    expect(en(['missing', 'hello'])).toBe('Hello');
    expect(translate).toHaveBeenCalledTimes(7);
  });

  it('answers every text of the portal as i18next itself does', async () => {
    const init = { ...i18nConfig, ns: [...namespaces], resources };
    const plain = createInstance();
    await plain.init(init);
    const kept = createInstance();
    await kept.init(init);
    keepTranslations(kept);
    let compared = 0;
    for (const language of i18nConfig.supportedLngs) {
      for (const namespace of namespaces) {
        const keys = Object.keys(flatten(resources.de?.[namespace] ?? {}));
        const expected = plain.getFixedT(language, namespace);
        const actual = kept.getFixedT(language, namespace);
        for (const key of keys) {
          const once = actual(key);
          expect(actual(key)).toEqual(once);
          expect(once).toEqual(expected(key));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
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
