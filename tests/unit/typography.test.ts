/**
 * Issue 25, finding 11: a section sign never ends a line apart from its number ("§" / "13a" on a
 * phone). Every translated text and every legal basis the portal shows writes "§" (and "§§")
 * with a no-break space after it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { costRulesFor } from '#server/instalments/config.ts';
import { variants } from '#server/variants/config.ts';

const root = path.resolve(import.meta.dirname, '../../locales');

function strings(value: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([at, value]);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) strings(inner, at ? `${at}.${key}` : key, out);
  return out;
}

/** "§ 13a", "§§ 286": a section sign followed by an ordinary (breaking) space. */
const breakingSection = /§+[ \t\n]/;

describe('the section sign keeps its number', () => {
  const files = readdirSync(root).flatMap((language) =>
    readdirSync(path.join(root, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => path.join(language, file)),
  );

  it.each(files)('%s', (file) => {
    const texts = strings(JSON.parse(readFileSync(path.join(root, file), 'utf8')), '', []);
    const breaking = texts.filter(([, text]) => breakingSection.test(text)).map(([key]) => key);
    expect(breaking).toEqual([]);
  });

  it('holds for the legal basis of the agreement fees too', () => {
    for (const variant of Object.keys(variants)) {
      const basis = costRulesFor(variant).feeLegalBasis;
      expect(basis, variant).not.toMatch(breakingSection);
    }
  });

  it('finds the fault it names', () => {
    expect('nach § 13a RDG').toMatch(breakingSection);
    expect('nach §\u00a013a RDG').not.toMatch(breakingSection);
  });
});
