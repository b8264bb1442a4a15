/**
 * The anonymiser measured on a development set (intents/anonymiser/dev.jsonl): lines
 * `{"lang", "text", "pii": [{"kind", "value"}]}`.
 *
 * Recall, per kind: a marked value counts as removed when none of its words (two characters or
 * more; titles such as "Dr." or "Frau" are no personal data) is left in the output, other than a
 * word the message also has outside its personal data.
 *
 * Precision: the output is aligned with the input word by word, each placeholder standing for the
 * input words it replaced. A replaced word is right when it belongs to a marked value, wrong
 * otherwise (an ordinary word, an amount, a plain date). Per language, and per kind by the
 * placeholder that replaced it.
 */
export interface DevEntry {
  lang: string;
  text: string;
  pii: Array<{ kind: string; value: string }>;
}

export const PLACEHOLDER_KINDS: Record<string, string> = {
  NAME: 'name',
  ADDRESS: 'address',
  BIRTHDATE: 'birthdate',
  EMAIL: 'email',
  PHONE: 'phone',
  IBAN: 'iban',
  CARD: 'national_id',
  REFERENCE: 'reference',
  NATIONAL_ID: 'national_id',
  PASSWORD: 'password',
  NUMBER: 'reference',
};

const TITLES = new Set(
  'dr mr mrs ms miss herr frau familie sr sra señor señora me maître maitre avv av sig signor signora bay bayan fru'.split(
    ' ',
  ),
);

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
const key = (word: string) => word.toLowerCase();

export interface Cell {
  found: number;
  total: number;
  right: number;
  removed: number;
}

export interface Evaluation {
  byLang: Map<string, Cell>;
  byKind: Map<string, Cell>;
  all: Cell;
  misses: string[];
  falsePositives: string[];
  cleanChanged: number;
  cleanTotal: number;
}

const cell = (): Cell => ({ found: 0, total: 0, right: 0, removed: 0 });

/** The input words each placeholder of the output replaced, and the words that were kept. */
function align(input: string[], output: string[]): Array<{ word: string; placeholder: string | null }> {
  const result: Array<{ word: string; placeholder: string | null }> = [];
  let i = 0;
  for (let o = 0; o < output.length; o++) {
    const token = output[o]!;
    const placeholder = /^\[([A-Z_]+)\]$/.exec(token)?.[1];
    if (!placeholder) {
      // a word of the output the input does not have (a cut word): nothing to align
      if (!input.slice(i).some((w) => key(w) === key(token))) continue;
      // a kept word: skip input words up to it (they were replaced without a placeholder)
      while (i < input.length && key(input[i]!) !== key(token)) result.push({ word: input[i++]!, placeholder: 'NONE' });
      if (i < input.length) result.push({ word: input[i++]!, placeholder: null });
      continue;
    }
    // a placeholder: the input words up to the next kept word of the output
    const next = output
      .slice(o + 1)
      .find((t) => !/^\[[A-Z_]+\]$/.test(t) && input.slice(i).some((w) => key(w) === key(t)));
    while (i < input.length && (next === undefined || key(input[i]!) !== key(next)))
      result.push({ word: input[i++]!, placeholder });
  }
  while (i < input.length) result.push({ word: input[i++]!, placeholder: 'NONE' });
  return result;
}

export function evaluate(entries: DevEntry[], anonymise: (text: string) => string): Evaluation {
  const evaluation: Evaluation = {
    byLang: new Map(),
    byKind: new Map(),
    all: cell(),
    misses: [],
    falsePositives: [],
    cleanChanged: 0,
    cleanTotal: 0,
  };
  const at = (map: Map<string, Cell>, name: string) => {
    if (!map.has(name)) map.set(name, cell());
    return map.get(name)!;
  };
  for (const entry of entries) {
    const out = anonymise(entry.text);
    const outWords = new Set((out.match(/\[[A-Z_]+\]|[\p{L}\p{N}]+/gu) ?? []).map(key));
    const piiWords = new Map<string, number>();
    for (const p of entry.pii) for (const w of words(p.value)) piiWords.set(key(w), (piiWords.get(key(w)) ?? 0) + 1);
    let rest = entry.text;
    for (const p of entry.pii) rest = rest.replace(p.value, ' ');
    const restWords = new Set(words(rest).map(key));
    for (const p of entry.pii) {
      const identifying = words(p.value).filter((w) => w.length >= 2 && !TITLES.has(key(w)) && !restWords.has(key(w)));
      const removed = identifying.every((w) => !outWords.has(key(w)));
      for (const c of [at(evaluation.byLang, entry.lang), at(evaluation.byKind, p.kind), evaluation.all]) {
        c.total++;
        c.found += Number(removed);
      }
      if (!removed) evaluation.misses.push(`${entry.lang} ${p.kind}: ${p.value}  →  ${out}`);
    }
    if (entry.pii.length === 0) {
      evaluation.cleanTotal++;
      evaluation.cleanChanged += Number(out !== entry.text);
    }
    const outTokens = out.match(/\[[A-Z_]+\]|[\p{L}\p{N}]+/gu) ?? [];
    const budget = new Map(piiWords);
    for (const { word, placeholder } of align(words(entry.text), outTokens)) {
      if (placeholder === null) continue;
      const left = budget.get(key(word)) ?? 0;
      const right = left > 0;
      if (right) budget.set(key(word), left - 1);
      const kind = PLACEHOLDER_KINDS[placeholder] ?? 'other';
      for (const c of [at(evaluation.byLang, entry.lang), at(evaluation.byKind, kind), evaluation.all]) {
        c.removed++;
        c.right += Number(right);
      }
      if (!right)
        evaluation.falsePositives.push(`${entry.lang} "${word}" by [${placeholder}]: ${entry.text}  →  ${out}`);
    }
  }
  return evaluation;
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);

/** The table of recall and precision per language and per kind, as Markdown. */
export function table(evaluation: Evaluation): string {
  const rows = ['| | personal data | recall | words replaced | precision |', '| --- | --: | --: | --: | --: |'];
  const line = (name: string, c: Cell) =>
    `| ${name} | ${c.total} | ${pct(c.found, c.total)} | ${c.removed} | ${pct(c.right, c.removed)} |`;
  for (const [lang, c] of [...evaluation.byLang].sort()) rows.push(line(lang, c));
  for (const [kind, c] of [...evaluation.byKind].sort()) rows.push(line(kind, c));
  rows.push(line('**all**', evaluation.all));
  return rows.join('\n');
}
