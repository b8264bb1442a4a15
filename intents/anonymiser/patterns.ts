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

/**
 * A pattern with the word boundaries of NB and NE checked outside the regular expression. A
 * lookaround of `\p{L}\p{N}` costs V8 about 0.6 ms to compile, once per source: the static rules
 * pay it once, but the patterns of a debtor's own values (names, address, references) are new for
 * every debtor, some twenty-five of them, which made anonymising a first turn cost ~30 ms (issue
 * 28). The same matches: a candidate whose boundary fails is tried again one character further,
 * as the engine would; an optional `tail` ("'s" after a name, "." after an initial) is taken when
 * the boundary after it holds, otherwise left off, as the engine backtracks.
 */
export interface BoundedPattern {
  core: RegExp;
  before: boolean;
  after: boolean;
  /** Sticky: what may follow the core and belongs to the match. */
  tail?: RegExp;
}

const wordCharacter = /[\p{L}\p{N}]/u;

function boundaryBefore(text: string, index: number): boolean {
  if (index === 0) return true;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return !wordCharacter.test(text.slice(start, index));
}

function boundaryAfter(text: string, index: number): boolean {
  if (index >= text.length) return true;
  return !wordCharacter.test(String.fromCodePoint(text.codePointAt(index)!));
}

/**
 * Where a match found at `start`..`end` ends once its boundaries are checked: with the tail when
 * the boundary after the tail holds, otherwise without it (as the engine backtracks); -1 when a
 * boundary fails.
 */
function wholeMatchEnd(
  text: string,
  start: number,
  end: number,
  before: boolean,
  after: boolean,
  tail: RegExp | undefined,
): number {
  if (before && !boundaryBefore(text, start)) return -1;
  if (tail) {
    tail.lastIndex = end;
    const more = tail.exec(text)?.[0].length ?? 0;
    if (more > 0 && (!after || boundaryAfter(text, end + more))) return end + more;
  }
  return !after || boundaryAfter(text, end) ? end : -1;
}

/** Every match of `pattern` (its core global) replaced by `placeholder`. */
export function replaceBounded(text: string, pattern: BoundedPattern, placeholder: string): string {
  const { core, before, after, tail } = pattern;
  let out = '';
  let kept = 0;
  core.lastIndex = 0;
  for (let m = core.exec(text); m !== null; m = core.exec(text)) {
    const start = m.index;
    const end = wholeMatchEnd(text, start, start + m[0].length, before, after, tail);
    if (end > start) {
      out += text.slice(kept, start) + placeholder;
      kept = end;
      core.lastIndex = end;
    } else core.lastIndex = start + 1;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** What may stand between two characters of a loosely written value: whitespace and - . / ( ). */
const looseSeparator = /[\s\-./()]/u;

/** A code unit in lower case where that keeps it one code unit (the search below counts them). */
function lowerUnit(unit: string): string {
  const lower = unit.toLowerCase();
  return lower.length === 1 ? lower : unit;
}

/** A loosely written value as replaceLoose searches for it: without separators, in lower case. */
export function looseNeedle(value: string): string {
  let needle = '';
  for (let i = 0; i < value.length; i += 1) if (!looseSeparator.test(value[i]!)) needle += lowerUnit(value[i]!);
  return needle;
}

/**
 * A known value written loosely ("DE89 3704 0044…", "0171-234 56 78", "100000001-1") replaced
 * by `placeholder`, as a whole word, in any case, with at most one separator (whitespace,
 * - . / ( )) between two of its characters; `needle` is the value as looseNeedle gives it, made
 * once per debtor. Found with `indexOf` in the text with its separators left out, not with a
 * regular expression: the expression, a separator class between every two characters, cost V8
 * 0.3–0.9 ms to compile for every phone number, IBAN and reference of every new debtor (issue
 * 28). The same matches as that expression (patterns.test.ts compares them).
 */
export function replaceLoose(text: string, needle: string, placeholder: string): string {
  if (needle.length === 0) return text;
  let compact = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const unit = text[i]!;
    if (looseSeparator.test(unit)) continue;
    compact += lowerUnit(unit);
    at.push(i);
  }
  let out = '';
  let kept = 0;
  let from = 0;
  for (let k = compact.indexOf(needle, from); k !== -1; k = compact.indexOf(needle, from)) {
    const last = k + needle.length - 1;
    let spaced = true;
    for (let j = k; j < last && spaced; j += 1) spaced = at[j + 1]! - at[j]! <= 2;
    const start = at[k]!;
    const end = at[last]! + 1;
    if (spaced && boundaryBefore(text, start) && boundaryAfter(text, end)) {
      out += text.slice(kept, start) + placeholder;
      kept = end;
      from = last + 1;
    } else from = k + 1;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/**
 * A known value written as words ("Anna Maria Schneider", "Lindenallee 12", an e-mail address)
 * and its other spellings: what replaceWords searches for. `needles` are wordNeedle's forms, the
 * first of two found at the same place taken, as an alternation would; `bounded`: whole words only.
 */
export interface WordValue {
  needles: readonly string[];
  bounded: boolean;
  /** Sticky: what may follow the value and belongs to it (a name's genitive "'s"). */
  tail?: RegExp;
}

const whitespace = /\s/u;

/** A value as replaceWords searches for it: in lower case, each run of whitespace one space. */
export function wordNeedle(value: string): string {
  let needle = '';
  let inRun = false;
  for (let i = 0; i < value.length; i += 1) {
    const space = whitespace.test(value[i]!);
    if (!(space && inRun)) needle += space ? ' ' : lowerUnit(value[i]!);
    inRun = space;
  }
  return needle;
}

/**
 * Every occurrence of a known value replaced by `placeholder`, in any case, with any run of
 * whitespace where the value has one; as a whole word when `bounded`, with the tail when the
 * boundary after it holds. Found with `indexOf` in the text made lower case with its whitespace
 * runs made single spaces, not with a regular expression: the expression, an alternation of the
 * value's spellings matched without regard to case, cost V8 20–45 µs to compile and run the
 * first time, for each of the ten to fifteen names and address parts of every new debtor (issue
 * 28). The same matches as that expression (patterns.test.ts compares them).
 */
export function replaceWords(text: string, value: WordValue, placeholder: string): string {
  const { needles, bounded, tail } = value;
  let compact = '';
  const at: number[] = [];
  let inRun = false;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text[i]!;
    const space = whitespace.test(unit);
    // A run of whitespace is one space, at the place of its first character.
    if (space && inRun) continue;
    compact += space ? ' ' : lowerUnit(unit);
    at.push(i);
    inRun = space;
  }
  let out = '';
  let kept = 0;
  let from = 0;
  for (;;) {
    let k = -1;
    let needle = '';
    for (const candidate of needles) {
      if (candidate.length === 0) continue;
      const found = compact.indexOf(candidate, from);
      if (found !== -1 && (k === -1 || found < k)) {
        k = found;
        needle = candidate;
      }
    }
    if (k === -1) break;
    const start = at[k]!;
    const end = wholeMatchEnd(text, start, at[k + needle.length - 1]! + 1, bounded, bounded, tail);
    if (end !== -1) {
      out += text.slice(kept, start) + placeholder;
      kept = end;
      from = k + needle.length;
      while (from < at.length && at[from]! < end) from += 1;
    } else from = k + 1;
  }
  return kept === 0 ? text : out + text.slice(kept);
}
