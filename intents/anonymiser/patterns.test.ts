import { describe, expect, it } from 'vitest';
import {
  escape,
  looseNeedle,
  NB,
  NE,
  replaceBounded,
  replaceLoose,
  replaceWords,
  wordNeedle,
  type BoundedPattern,
} from './patterns';
import { removeKnown, type KnownValues } from './index.ts';

/** The same pattern written with the lookarounds it replaces: what replaceBounded must match. */
function withLookarounds(pattern: BoundedPattern, tail = ''): RegExp {
  const source = `${pattern.before ? NB : ''}(?:${pattern.core.source})${tail}${pattern.after ? NE : ''}`;
  return new RegExp(source, pattern.core.flags);
}

/** A deterministic stream of numbers in [0, 1). */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

/** A text of one to `longest` characters drawn from `alphabet`. */
function randomText(next: () => number, alphabet: readonly string[], longest: number): string {
  const length = 1 + Math.floor(next() * longest);
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

describe('word boundaries checked outside the expression match as the lookarounds do', () => {
  it.each([
    ['anna', 'Anna und anna, xanna annax anna1 1anna anna.', 'giu'],
    ['a-a', 'xa-a-a a-a', 'giu'],
    ['50667', '50667 Köln, 506678, D-50667', 'gu'],
    ['ülker', 'Ülker ülkerin 😀ülker ülker😀', 'giu'],
  ])('%s in “%s”', (value, text, flags) => {
    const pattern: BoundedPattern = { core: new RegExp(escape(value), flags), before: true, after: true };
    expect(replaceBounded(text, pattern, '[X]')).toBe(text.replace(withLookarounds(pattern), '[X]'));
  });

  it('takes an optional tail when the boundary after it holds, and leaves it off otherwise (as the engine backtracks)', () => {
    const pattern: BoundedPattern = {
      core: /anna/giu,
      before: true,
      after: true,
      tail: /['’]?s/iuy,
    };
    const text = "Annas Konto, Anna's Brief, Anna'sx, Annasx, Anna’S";
    const expected = text.replace(withLookarounds(pattern, "(?:['’]?s)?"), '[NAME]');
    expect(replaceBounded(text, pattern, '[NAME]')).toBe(expected);
    expect(expected).toBe("[NAME] Konto, [NAME] Brief, [NAME]'sx, Annasx, [NAME]");
  });

  it('agrees with the lookarounds on a thousand random texts', () => {
    const next = numbers(28);
    const alphabet = ['a', 'n', 'A', 'N', 's', "'", ' ', '-', '.', '1', 'ä', '😀', 'x'];
    const values = ['an', 'ana', 'a-n', 'nä', 'a1'];
    for (let round = 0; round < 1000; round += 1) {
      const text = randomText(next, alphabet, 14);
      const value = values[round % values.length]!;
      const before = next() < 0.8;
      const after = next() < 0.8;
      const tail = next() < 0.3;
      const pattern: BoundedPattern = {
        core: new RegExp(escape(value), 'giu'),
        before,
        after,
        tail: tail ? /['’]?s/iuy : undefined,
      };
      const expected = text.replace(withLookarounds(pattern, tail ? "(?:['’]?s)?" : ''), '[X]');
      expect(replaceBounded(text, pattern, '[X]'), `${value} in ${JSON.stringify(text)}`).toBe(expected);
    }
  });
});

/** The expression replaceLoose stands for: the value's characters, at most one separator between two. */
function looseExpression(value: string): RegExp {
  const chars = [...value.replace(/[\s\-./()]/g, '')];
  return new RegExp(`${NB}${chars.map(escape).join('[\\s\\-./()]?')}${NE}`, 'giu');
}

describe('a loosely written known value is found as its expression finds it', () => {
  it.each([
    ['+49 171 2345678', 'ruf +49 171 234 56 78 oder +49-171-2345678 an, nicht +491712345678x'],
    ['DE02120300000000202051', 'Konto de02 1203 0000 0000 2020 51, DE02  1203 0000 0000 2020 51'],
    ['100000001-1', 'Akte 100000001-1, 100000001 1, 100000001/1, 1100000001-1'],
    ['0171 2345678', '(0171) 234-5678 und 0171.2345678.'],
  ])('%s in “%s”', (value, text) => {
    expect(replaceLoose(text, looseNeedle(value), '[X]')).toBe(text.replace(looseExpression(value), '[X]'));
  });

  it('agrees with the expression on two thousand random texts', () => {
    const next = numbers(2811);
    const alphabet = ['1', '2', '3', 'd', 'E', ' ', ' ', '-', '.', '/', '(', '+', 'x', 'ä', '\u00a0', '😀'];
    const values = ['123', '1-2-3', 'de12', '+123', '12 3 1', 'E1e'];
    for (let round = 0; round < 2000; round += 1) {
      const text = randomText(next, alphabet, 16);
      const value = values[round % values.length]!;
      expect(replaceLoose(text, looseNeedle(value), '[X]'), `${value} in ${JSON.stringify(text)}`).toBe(
        text.replace(looseExpression(value), '[X]'),
      );
    }
  });
});

/** The expression replaceWords stands for: the spellings as an alternation, whitespace runs where they have whitespace. */
function wordsExpression(spellings: readonly string[], bounded: boolean): BoundedPattern {
  const core = new RegExp(`(?:${spellings.map((s) => escape(s).replace(/\s+/g, '\\s+')).join('|')})`, 'giu');
  return { core, before: bounded, after: bounded };
}

describe('a known value written as words is found as its expression finds it', () => {
  const genitive = /['’]?s/iuy;
  it.each([
    [['Anna Maria', 'Anna Maria'], 'anna  maria, ANNA\u00a0MARIA, Annamaria, Anna Marias Brief', true],
    [['Müller', 'Muller', 'Mueller'], 'MÜLLER, mueller, Müllers, Müllerin, muller', true],
    [['Straße 1', 'Strasse 1'], 'Straße  1, strasse 1a, STRASSE 1', true],
    [['İnce', 'Ince'], 'İnce, ince, INCE, ınce', true],
    [['anna@example.org'], 'Mail: Anna@Example.org., xanna@example.orgx', false],
  ])('%j in “%s”', (spellings, text, bounded) => {
    const value = { needles: spellings.map(wordNeedle), bounded, tail: genitive };
    const pattern = { ...wordsExpression(spellings, bounded), tail: genitive };
    expect(replaceWords(text, value, '[X]')).toBe(replaceBounded(text, pattern, '[X]'));
  });

  it('takes the first of two spellings found at one place, as an alternation does, and its boundary decides', () => {
    for (const [text, bounded] of [
      ['Jans Akte, jans, Jan', true],
      ['Jansen', false],
    ] as const) {
      const value = { needles: ['Jan', 'Jans'].map(wordNeedle), bounded };
      expect(replaceWords(text, value, '[X]'), text).toBe(
        replaceBounded(text, wordsExpression(['Jan', 'Jans'], bounded), '[X]'),
      );
    }
    expect(replaceWords('Jans Akte, Jan', { needles: ['jan', 'jans'], bounded: true }, '[X]')).toBe('Jans Akte, [X]');
  });

  it('agrees with the expression on two thousand random texts', () => {
    const next = numbers(2812);
    const alphabet = [
      'a',
      'n',
      'A',
      'N',
      'ß',
      's',
      'S',
      "'",
      ' ',
      ' ',
      '\u00a0',
      '\t',
      '-',
      '1',
      'ä',
      'Ä',
      'İ',
      'i',
      'ı',
      '😀',
    ];
    const spellingsOf = [
      ['an'],
      ['a n', 'an'],
      ['ßa', 'ssa'],
      ['än', 'an', 'aen'],
      ['i n', 'İn'],
      ['a1 s'],
      ['an', 'ans'],
      ['ans', 'an'],
    ];
    for (let round = 0; round < 2000; round += 1) {
      const text = randomText(next, alphabet, 16);
      const spellings = spellingsOf[round % spellingsOf.length]!;
      const bounded = next() < 0.8;
      const tail = next() < 0.4 ? genitive : undefined;
      const value = { needles: spellings.map(wordNeedle), bounded, tail };
      const pattern = { ...wordsExpression(spellings, bounded), tail };
      expect(replaceWords(text, value, '[X]'), `${spellings.join('|')} in ${JSON.stringify(text)}`).toBe(
        replaceBounded(text, pattern, '[X]'),
      );
    }
  });
});

describe('a text without a digit is anonymised with only the known values written without one', () => {
  const debtors: KnownValues[] = [
    {
      names: ['Lukas', 'Öztürk'],
      street: 'Birkenweg 12',
      streetName: 'Birkenweg',
      zip: '80331',
      city: 'München',
      email: 'l.oeztuerk@example.net',
      phones: ['+49 160 9876543'],
      iban: 'DE89370400440532013000',
      birthDate: '1985-11-23',
      references: ['100000017'],
    },
    {
      firstNames: ['Anna Maria'],
      lastNames: ['Schneider'],
      street: 'Am Hang',
      zip: 'SE-11',
      city: 'Malmö',
      email: 'anna1980@example.se',
      phones: ['070-123 45 67'],
      references: ['ABC-DEF', '2024 17'],
    },
    { names: ['Müller GmbH'], email: 'info@mueller.example', city: 'Sankt Gallen', streetName: 'Gaiserwaldstrasse' },
  ];
  // Every debtor's values with their digits left out, and words around them.
  const words = [
    ...debtors.flatMap((known) => Object.values(known).flat()),
    'zahlen',
    'Konto',
    'in',
    'aus',
    'mein',
    "'s",
    's',
    'A.',
    'S.',
    'SE-',
    '-',
    '.',
    ',',
    '@',
    'example',
    'org',
  ].map((word) => String(word).replace(/\d/g, ''));
  const separators = [' ', ' ', ' ', '  ', '\t', '\u00a0', '', '-', '.', ', '];

  it('gives what trying every value gives, on two thousand random texts', () => {
    const next = numbers(2711);
    let changed = 0;
    for (let i = 0; i < 2000; i += 1) {
      const known = debtors[i % debtors.length]!;
      const length = 1 + Math.floor(next() * 8);
      let text = '';
      for (let w = 0; w < length; w += 1) {
        const word = words[Math.floor(next() * words.length)]!;
        text +=
          (w ? separators[Math.floor(next() * separators.length)] : '') + (next() < 0.3 ? word.toLowerCase() : word);
      }
      const quick = removeKnown(text, known);
      expect(quick, text).toBe(removeKnown(text, known, true));
      if (quick !== text) changed += 1;
    }
    // The texts hold the debtors' values often enough for the comparison to say something.
    expect(changed).toBeGreaterThan(500);
  });

  it('still finds the values with digits where the text has one', () => {
    expect(removeKnown('ruf 0160 987 6543 an, ref 100000017', debtors[0]!)).toBe('ruf [PHONE] an, ref [REFERENCE]');
    expect(removeKnown('mail anna1980@example.se', debtors[1]!)).toBe('mail [EMAIL]');
  });
});
