/**
 * Every reason a refusal can carry (the action layer's registry and the tools' own) is worded in
 * every locale at `assistant:refused.<reason>`, the key the pane and /chatbot show. A reason added
 * to an action without its message in all seven languages fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionRefusalReasons } from '../../actions/reasons.ts';
import { LANGS } from '../../../intents/catalogue.ts';
import { refusalReasons } from './refusal-reasons.ts';

const refusedOf = (lang: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../locales/${lang}/assistant.json`, import.meta.url), 'utf8')) as {
      refused: Record<string, unknown>;
    }
  ).refused;

describe('refusal reasons', () => {
  it('lists the action layer’s reasons among the pane’s', () => {
    expect(actionRefusalReasons.length).toBeGreaterThan(40);
    expect(refusalReasons).toEqual(expect.arrayContaining([...actionRefusalReasons, 'rateTooLow', 'noPlan']));
    for (const reason of ['alreadyGranted', 'measureRunning', 'blocked', 'statusOpen', 'code2', 'noFile'])
      expect(refusalReasons).toContain(reason);
  });

  it.each(LANGS)('has a message for every reason in %s', (lang) => {
    const refused = refusedOf(lang);
    const missing = refusalReasons.filter((reason) => typeof refused[reason] !== 'string' || !refused[reason]);
    expect(missing).toEqual([]);
    expect(typeof refused.instead).toBe('string');
  });

  it.each(LANGS)('words the reasons with the same placeholders as German in %s', (lang) => {
    const de = refusedOf('de');
    const other = refusedOf(lang);
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const reason of refusalReasons) expect(placeholders(other[reason]), reason).toEqual(placeholders(de[reason]));
  });
});
