/**
 * What the anonymiser's rules are written with: word boundaries that know every script's letters,
 * a capitalised word, cue alternations in any case, and a replace that may decline a match.
 */
export const L = '\\p{L}';
export const NB = '(?<![\\p{L}\\p{N}])';
export const NE = '(?![\\p{L}\\p{N}])';

export function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const CAP = `[\\p{Lu}][${L}'’.-]*`;
/** An alternation whose words may start with a capital ("Calle", "calle"). */
export function anyCase(alternation: string): string {
  return alternation
    .split('|')
    .sort((a, b) => b.length - a.length)
    .map((w) => (/^[a-zà-ÿ]/.test(w) ? `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}` : w))
    .join('|');
}

/**
 * An alternation of cue words that matches in any case ("LG", "lg", "Vielen Dank") inside a
 * pattern that must itself tell capitals apart (a name after the cue starts with one).
 */
export function caseless(alternation: string): string {
  let out = '';
  for (let i = 0; i < alternation.length; i++) {
    const ch = alternation[i]!;
    if (ch === '\\') {
      out += ch + (alternation[i + 1] ?? '');
      i += 1;
    } else if (ch.toLowerCase() !== ch.toUpperCase()) out += `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
    else out += ch;
  }
  return out;
}

/** `text.replace` with a replacer that may keep a match (by answering undefined). */
export function replaceAll(
  text: string,
  pattern: RegExp,
  replacer: (m: RegExpExecArray) => string | undefined,
): string {
  return text.replace(pattern, (...args) => {
    const groups = args.slice(0, -2) as string[];
    const m = Object.assign(groups, {
      index: args[args.length - 2] as number,
      input: text,
    }) as unknown as RegExpExecArray;
    return replacer(m) ?? (groups[0] as string);
  });
}
