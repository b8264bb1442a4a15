/**
 * One classifier per language: TF-IDF over the features of features.ts, a softmax linear model
 * and a temperature fitted on held-out folds of the training data (never on the dev set), so
 * that "confidence 0.9" means right about nine times in ten.
 */
import { INTENT_IDS, type IntentId, type Lang } from '../catalogue.ts';
import { featureCounts } from './features.ts';
import {
  DEFAULT_SGD,
  expectedCalibrationError,
  fitTemperature,
  scores,
  softmax,
  trainSoftmax,
  type LinearModel,
  type SgdOptions,
  type SparseRow,
} from './linear.ts';

export interface LangModel {
  lang: Lang;
  labels: IntentId[];
  vocab: Map<string, number>;
  idf: Float32Array;
  linear: LinearModel;
  temperature: number;
  report: TrainingReport;
}

export interface TrainingReport {
  examples: number;
  features: number;
  folds: number;
  /** Accuracy of the held-out folds (each line predicted by a model that never saw it). */
  heldOutAccuracy: number;
  /** Calibration error on the held-out folds before and after temperature scaling. */
  eceRaw: number;
  eceCalibrated: number;
  trainMs: number;
}

export interface TrainOptions {
  sgd?: SgdOptions;
  /** Held-out folds for the temperature (2 to 10); fewer when a class has very few lines. */
  folds?: number;
}

interface Vocabulary {
  vocab: Map<string, number>;
  idf: Float32Array;
}

function buildVocabulary(docs: readonly Map<string, number>[]): Vocabulary {
  const df = new Map<string, number>();
  for (const doc of docs) for (const feature of doc.keys()) df.set(feature, (df.get(feature) ?? 0) + 1);
  const vocab = new Map<string, number>();
  const idf = new Float32Array(df.size);
  for (const [feature, count] of df) {
    idf[vocab.size] = Math.log((1 + docs.length) / (1 + count)) + 1;
    vocab.set(feature, vocab.size);
  }
  return { vocab, idf };
}

/** Sublinear term frequency times idf, scaled to unit length; unknown features are dropped. */
export function vectorise(counts: Map<string, number>, { vocab, idf }: Vocabulary): SparseRow {
  const idx: number[] = [];
  const val: number[] = [];
  let norm = 0;
  for (const [feature, count] of counts) {
    const f = vocab.get(feature);
    if (f === undefined) continue;
    const x = (1 + Math.log(count)) * idf[f]!;
    idx.push(f);
    val.push(x);
    norm += x * x;
  }
  norm = Math.sqrt(norm) || 1;
  return { idx: Int32Array.from(idx), val: Float32Array.from(val, (x) => x / norm) };
}

/** Logits of a text under a language model (before the temperature). */
export function logits(model: LangModel, text: string): Float64Array {
  return scores(model.linear, vectorise(featureCounts(text), model));
}

/**
 * Calibrated probabilities (in the order of `model.labels`) and the share of the message's
 * distinct features that the model has seen. A message made of unknown words ("blorp") still
 * shares a few character pairs with the training data, and a linear model can be sure of itself
 * on such thin evidence; the coverage lets the engine ask instead (see classify.ts).
 */
export function assess(model: LangModel, text: string): { p: Float64Array; coverage: number } {
  const counts = featureCounts(text);
  let known = 0;
  for (const feature of counts.keys()) if (model.vocab.has(feature)) known++;
  const p = softmax(scores(model.linear, vectorise(counts, model)), model.temperature);
  return { p, coverage: counts.size === 0 ? 0 : known / counts.size };
}

/** Calibrated probabilities, in the order of `model.labels`. */
export function probabilities(model: LangModel, text: string): Float64Array {
  return softmax(logits(model, text), model.temperature);
}

function fit(docs: readonly Map<string, number>[], labels: readonly number[], classes: number, sgd: SgdOptions) {
  const vocabulary = buildVocabulary(docs);
  const rows = docs.map((doc) => vectorise(doc, vocabulary));
  return { ...vocabulary, linear: trainSoftmax(rows, labels, classes, vocabulary.idf.length, sgd) };
}

export function trainLanguage(
  lang: Lang,
  examples: readonly { text: string; intent: IntentId }[],
  options: TrainOptions = {},
): LangModel {
  const started = performance.now();
  const sgd = options.sgd ?? DEFAULT_SGD;
  const labels = INTENT_IDS.filter((id) => examples.some((e) => e.intent === id));
  if (labels.length < 2) throw new Error(`${lang}: training needs at least two intents, found ${labels.length}`);
  const labelIndex = new Map(labels.map((id, k) => [id, k]));
  const docs = examples.map((e) => featureCounts(e.text));
  const y = examples.map((e) => labelIndex.get(e.intent)!);

  // Stratified folds: each intent's lines are dealt round-robin, so every fold sees every intent.
  const smallest = Math.min(...labels.map((_, k) => y.filter((label) => label === k).length));
  const folds = Math.max(2, Math.min(options.folds ?? 5, smallest));
  const fold = new Array<number>(examples.length);
  const dealt = new Array<number>(labels.length).fill(0);
  y.forEach((label, i) => (fold[i] = dealt[label]!++ % folds));

  const heldOutLogits: Float64Array[] = new Array(examples.length);
  for (let f = 0; f < folds; f++) {
    const inFold = (i: number) => fold[i] === f;
    const trainIdx = y.map((_, i) => i).filter((i) => !inFold(i));
    const part = fit(
      trainIdx.map((i) => docs[i]!),
      trainIdx.map((i) => y[i]!),
      labels.length,
      sgd,
    );
    y.forEach((_, i) => {
      if (inFold(i)) heldOutLogits[i] = scores(part.linear, vectorise(docs[i]!, part));
    });
  }
  const temperature = fitTemperature(heldOutLogits, y);
  const calibration = (t: number) => {
    const conf: number[] = [];
    const correct: boolean[] = [];
    heldOutLogits.forEach((z, i) => {
      const p = softmax(Float64Array.from(z), t);
      let best = 0;
      for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
      conf.push(p[best]!);
      correct.push(best === y[i]);
    });
    return { ece: expectedCalibrationError(conf, correct), accuracy: correct.filter(Boolean).length / correct.length };
  };
  const raw = calibration(1);
  const calibrated = calibration(temperature);

  const full = fit(docs, y, labels.length, sgd);
  return {
    lang,
    labels,
    vocab: full.vocab,
    idf: full.idf,
    linear: full.linear,
    temperature,
    report: {
      examples: examples.length,
      features: full.idf.length,
      folds,
      heldOutAccuracy: raw.accuracy,
      eceRaw: raw.ece,
      eceCalibrated: calibrated.ece,
      trainMs: Math.round(performance.now() - started),
    },
  };
}
