/**
 * The anonymiser's learned token classifier (issue 27, decision 067): an averaged perceptron that
 * labels each word of a message as a name, an address, a birth date, an identity number, a
 * password, or nothing, greedily from left to right (the previous labels are features). Its
 * features are the word's shape, capitalisation, membership of the first- and last-name lists and
 * of the debtors' ordinary vocabulary, its ending, and the words around it. It is trained at build
 * time (`npm run assistant:train`) on sentences generated from templates (templates.ts), and runs
 * after the rules and checksums, on what they left.
 */
import { isCommonWord, isFirstName, isLastName, looksLikeSurname } from './names.ts';
import { isCity } from './places.ts';
import { fold } from './lexicon.ts';
import { seededRandom } from '../engine/linear.ts';

export const LABELS = ['O', 'NAME', 'ADDRESS', 'BIRTHDATE', 'NATIONAL_ID', 'PASSWORD'] as const;
export type Label = (typeof LABELS)[number];

export interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /\[[A-Z_]+\]|[\p{L}\p{N}]+(?:['’.\-/@_#&!+*][\p{L}\p{N}]+)*[#!*]?|[^\s]/gu;

export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

function shape(word: string): string {
  let out = '';
  for (const ch of word) {
    const c = /\p{Lu}/u.test(ch) ? 'X' : /\p{Ll}/u.test(ch) ? 'x' : /\p{N}/u.test(ch) ? 'd' : ch;
    if (!out.endsWith(c)) out += c;
  }
  return out.slice(0, 8);
}

interface WordFacts {
  lower: string;
  shape: string;
  cap: boolean;
  first: boolean;
  last: boolean;
  ordinary: boolean;
  city: boolean;
  surname: boolean;
  digit: boolean;
  letter: boolean;
  placeholder: boolean;
}

function facts(word: string): WordFacts {
  const placeholder = /^\[[A-Z_]+\]$/.test(word);
  const letter = /\p{L}/u.test(word);
  return {
    lower: placeholder ? word : fold(word),
    shape: placeholder ? word : shape(word),
    cap: /^\p{Lu}/u.test(word),
    first: letter && !placeholder && isFirstName(word),
    last: letter && !placeholder && isLastName(word),
    ordinary: letter && !placeholder && isCommonWord(word),
    city: letter && !placeholder && isCity(word),
    surname: letter && !placeholder && looksLikeSurname(word),
    digit: /\p{N}/u.test(word),
    letter,
    placeholder,
  };
}

/** The features of word i, given the labels already chosen for the words before it. */
export function features(words: WordFacts[], i: number, previous: readonly Label[]): string[] {
  const w = words[i]!;
  const at = (k: number) => words[i + k];
  const p1 = at(-1);
  const p2 = at(-2);
  const n1 = at(1);
  const n2 = at(2);
  const f = [
    'b',
    `w=${w.lower}`,
    `s=${w.shape}`,
    `x3=${w.lower.slice(-3)}`,
    `p1=${p1?.lower ?? '<s>'}`,
    `p2=${p2?.lower ?? '<s>'}`,
    `n1=${n1?.lower ?? '</s>'}`,
    `n2=${n2?.lower ?? '</s>'}`,
    `p1w=${p1?.lower ?? '<s>'}|${w.shape}`,
    `pl=${previous[i - 1] ?? '<s>'}`,
    `pl2=${previous[i - 2] ?? '<s>'}|${previous[i - 1] ?? '<s>'}`,
    `pl|s=${previous[i - 1] ?? '<s>'}|${w.shape}`,
    `len=${Math.min(w.lower.length, 12)}`,
  ];
  const flags: Array<[string, boolean]> = [
    ['cap', w.cap],
    ['fn', w.first],
    ['ln', w.last],
    ['ord', w.ordinary],
    ['city', w.city],
    ['p1city', p1?.city ?? false],
    ['n1city', n1?.city ?? false],
    ['sur', w.surname],
    ['dig', w.digit],
    ['mix', w.digit && w.letter],
    ['ph', w.placeholder],
    ['start', i === 0 || /^[.!?:]$/.test(p1?.lower ?? '')],
    ['p1cap', p1?.cap ?? false],
    ['p1fn', p1?.first ?? false],
    ['p1ln', p1?.last ?? false],
    ['n1cap', n1?.cap ?? false],
    ['n1fn', n1?.first ?? false],
    ['n1ln', n1?.last ?? false],
    ['n1dig', n1?.digit ?? false],
    ['p1dig', p1?.digit ?? false],
    ['n1ord', n1?.ordinary ?? false],
  ];
  for (const [name, on] of flags) if (on) f.push(name);
  if (w.cap && !w.ordinary) f.push('cap&!ord');
  if (w.first || w.last) f.push(w.cap ? 'list&cap' : 'list&low');
  return f;
}

export interface TaggerModel {
  labels: readonly Label[];
  /** Feature → one weight per label. */
  weights: Map<string, Float32Array>;
}

function score(model: TaggerModel, feats: string[]): Float64Array {
  const scores = new Float64Array(LABELS.length);
  for (const f of feats) {
    const w = model.weights.get(f);
    if (!w) continue;
    for (let l = 0; l < scores.length; l++) scores[l]! += w[l]!;
  }
  return scores;
}

export function tag(model: TaggerModel, tokens: Token[]): Label[] {
  const words = tokens.map((t) => facts(t.text));
  const labels: Label[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.placeholder || (!words[i]!.letter && !words[i]!.digit)) {
      labels.push('O');
      continue;
    }
    const scores = score(model, features(words, i, labels));
    let best = 0;
    for (let l = 1; l < scores.length; l++) if (scores[l]! > scores[best]!) best = l;
    labels.push(LABELS[best]!);
  }
  return labels;
}

export interface Example {
  tokens: string[];
  labels: Label[];
}

/**
 * Averaged perceptron: a few passes over the examples in a seeded order; the weights kept are the
 * average over every step, features whose weights all stay tiny are dropped (a small model).
 */
export function train(examples: Example[], options: { epochs?: number; seed?: number } = {}): TaggerModel {
  const epochs = options.epochs ?? 5;
  const next = seededRandom(options.seed ?? 27);
  const n = LABELS.length;
  const weights = new Map<string, Float64Array>();
  const totals = new Map<string, Float64Array>();
  const stamps = new Map<string, Float64Array>();
  let step = 1;
  const get = (map: Map<string, Float64Array>, f: string) => {
    let v = map.get(f);
    if (!v) map.set(f, (v = new Float64Array(n)));
    return v;
  };
  const update = (f: string, label: number, delta: number) => {
    const w = get(weights, f);
    const total = get(totals, f);
    const stamp = get(stamps, f);
    total[label]! += (step - stamp[label]!) * w[label]!;
    stamp[label] = step;
    w[label]! += delta;
  };
  const prepared = examples.map((e) => ({ words: e.tokens.map(facts), labels: e.labels }));
  const order = prepared.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const { words, labels } = prepared[index]!;
      const predicted: Label[] = [];
      for (let i = 0; i < words.length; i++) {
        // previous labels as predicted, so that training sees the mistakes decoding makes
        const feats = features(words, i, predicted);
        const scores = new Float64Array(n);
        for (const f of feats) {
          const w = weights.get(f);
          if (w) for (let l = 0; l < n; l++) scores[l]! += w[l]!;
        }
        let best = 0;
        for (let l = 1; l < n; l++) if (scores[l]! > scores[best]!) best = l;
        const gold = LABELS.indexOf(labels[i]!);
        if (best !== gold) {
          for (const f of feats) {
            update(f, gold, 1);
            update(f, best, -1);
          }
        }
        predicted.push(LABELS[best]!);
        step++;
      }
    }
  }
  const averaged = new Map<string, Float32Array>();
  for (const [f, w] of weights) {
    const total = totals.get(f)!;
    const stamp = stamps.get(f)!;
    const avg = new Float32Array(n);
    let keep = false;
    for (let l = 0; l < n; l++) {
      const value = (total[l]! + (step - stamp[l]!) * w[l]!) / step;
      avg[l] = Math.round(value * 1000) / 1000;
      if (Math.abs(avg[l]!) >= 0.002) keep = true;
    }
    if (keep) averaged.set(f, avg);
  }
  return { labels: LABELS, weights: averaged };
}

export function serialiseTagger(model: TaggerModel, fingerprint: string): string {
  const features = [...model.weights.keys()].sort();
  return JSON.stringify({
    format: 1,
    fingerprint,
    labels: model.labels,
    features,
    weights: features.map((f) => [...model.weights.get(f)!]),
  });
}

export function deserialiseTagger(json: string): { fingerprint: string; model: TaggerModel } {
  const stored = JSON.parse(json) as { fingerprint: string; labels: Label[]; features: string[]; weights: number[][] };
  if (stored.labels.join() !== LABELS.join()) throw new Error('anonymiser model: other labels; retrain');
  const weights = new Map<string, Float32Array>();
  stored.features.forEach((f, i) => weights.set(f, Float32Array.from(stored.weights[i]!)));
  return { fingerprint: stored.fingerprint, model: { labels: LABELS, weights } };
}
