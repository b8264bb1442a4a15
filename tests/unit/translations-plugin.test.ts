/**
 * The browser's translations (scripts/vite-translations.ts): one JSON file per language and
 * namespace under a folder named after one version of all of them.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaces } from '~/i18n';
import { languages } from '#server/i18n/languages.ts';
import { readTranslations, translationsVersion } from '../../scripts/vite-translations';

const locales = path.resolve(import.meta.dirname, '../../locales');

describe('translations for the browser', () => {
  it('has every language and namespace the pages ask for, minified and unchanged', () => {
    const files = readTranslations(locales);
    for (const language of languages)
      for (const namespace of namespaces) {
        const content = files.get(`${language}/${namespace}`);
        expect(content, `${language}/${namespace}`).toBeDefined();
        expect(content).not.toContain('\n');
        expect(JSON.parse(content!)).toBeTypeOf('object');
      }
  });

  it('changes its version with any change of a text, and only then', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'locales-'));
    cpSync(locales, copy, { recursive: true });
    const version = translationsVersion(readTranslations(copy));
    expect(version).toMatch(/^[\w-]{10}$/);
    expect(translationsVersion(readTranslations(copy))).toBe(version);
    const file = path.join(copy, 'sv', 'common.json');
    const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...texts, added: 'ny text' }));
    expect(translationsVersion(readTranslations(copy))).not.toBe(version);
  });
});
