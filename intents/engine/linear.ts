/**
 * Multinomial (softmax) logistic regression on sparse TF-IDF rows, trained by stochastic
 * gradient descent with L2 regularisation. Hand-written because no maintained npm package
 * trains a sparse multi-class linear model (ml-logistic-regression is dense and one-vs-rest:
 * tens of thousands of n-gram columns would not fit); see docs/decisions/031.
 *
 * The L2 shrinkage is applied to all weights at once through a common scale factor
 * (w = scale · v), so each step touches only the message's own features.
 */

export interface SparseRow {
  idx: Int32Array;
  val: Float32Array;
}

export interface LinearModel {
  classes: number;
  features: number;
  /** Feature-major: weights[f * classes + k]. */
  weights: Float32Array;
  bias: Float32Array;
}

export interface SgdOptions {
  epochs: number;
  /** L2 strength per example. */
  lambda: number;
  /** Initial step size; it decays as lr0 / (1 + lr0 · lambda · t). */
  lr0: number;
  seed: number;
}

// Chosen on the de and en starter data (docs/decisions/031): more epochs or a stronger L2 did not help.
export const DEFAULT_SGD: SgdOptions = { epochs: 10, lambda: 1e-5, lr0: 1, seed: 13 };

/** A small seeded generator (mulberry32) so that training is repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Softmax in place, stable for large scores. */
export function softmax(scores: Float64Array, temperature = 1): Float64Array {
  let max = -Infinity;
  for (const s of scores) if (s > max) max = s;
  let sum = 0;
  for (let k = 0; k < scores.length; k++) {
    const e = Math.exp((scores[k]! - max) / temperature);
    scores[k] = e;
    sum += e;
  }
  for (let k = 0; k < scores.length; k++) scores[k]! /= sum;
  return scores;
}

/** Raw scores (logits) of one row. */
export function scores(model: LinearModel, row: SparseRow, out = new Float64Array(model.classes)): Float64Array {
  const K = model.classes;
  for (let k = 0; k < K; k++) out[k] = model.bias[k]!;
  for (let j = 0; j < row.idx.length; j++) {
    const base = row.idx[j]! * K;
    const x = row.val[j]!;
    for (let k = 0; k < K; k++) out[k]! += model.weights[base + k]! * x;
  }
  return out;
}

export function trainSoftmax(
  rows: readonly SparseRow[],
  labels: readonly number[],
  classes: number,
  features: number,
  opts: SgdOptions = DEFAULT_SGD,
): LinearModel {
  const K = classes;
  const v = new Float64Array(features * K);
  const bias = new Float64Array(K);
  const p = new Float64Array(K);
  const order = rows.map((_, i) => i);
  const random = seededRandom(opts.seed);
  let scale = 1;
  let t = 0;
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const row = rows[n]!;
      const y = labels[n]!;
      const lr = opts.lr0 / (1 + opts.lr0 * opts.lambda * t++);
      for (let k = 0; k < K; k++) p[k] = bias[k]!;
      for (let j = 0; j < row.idx.length; j++) {
        const base = row.idx[j]! * K;
        const x = row.val[j]! * scale;
        for (let k = 0; k < K; k++) p[k]! += v[base + k]! * x;
      }
      softmax(p);
      p[y]! -= 1; // now the gradient of the loss with respect to the scores
      scale *= 1 - lr * opts.lambda;
      if (scale < 1e-6) {
        for (let f = 0; f < v.length; f++) v[f]! *= scale;
        scale = 1;
      }
      const step = lr / scale;
      for (let j = 0; j < row.idx.length; j++) {
        const base = row.idx[j]! * K;
        const g = step * row.val[j]!;
        for (let k = 0; k < K; k++) v[base + k]! -= g * p[k]!;
      }
      for (let k = 0; k < K; k++) bias[k]! -= lr * p[k]!;
    }
  }
  const weights = new Float32Array(v.length);
  for (let f = 0; f < v.length; f++) weights[f] = v[f]! * scale;
  return { classes: K, features, weights, bias: Float32Array.from(bias) };
}

/** Negative log-likelihood of the true classes under softmax(logits / T). */
function nll(logits: readonly Float64Array[], labels: readonly number[], temperature: number): number {
  let total = 0;
  for (let i = 0; i < logits.length; i++) {
    const z = logits[i]!;
    let max = -Infinity;
    for (const s of z) if (s > max) max = s;
    let sum = 0;
    for (const s of z) sum += Math.exp((s - max) / temperature);
    total -= (z[labels[i]!]! - max) / temperature - Math.log(sum);
  }
  return total / Math.max(1, logits.length);
}

/**
 * Temperature scaling: the T that minimises the held-out negative log-likelihood, found by a
 * golden-section search on log T (the loss is unimodal in T).
 */
export function fitTemperature(logits: readonly Float64Array[], labels: readonly number[]): number {
  if (logits.length === 0) return 1;
  let lo = Math.log(0.05);
  let hi = Math.log(20);
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = hi - ratio * (hi - lo);
  let b = lo + ratio * (hi - lo);
  let fa = nll(logits, labels, Math.exp(a));
  let fb = nll(logits, labels, Math.exp(b));
  for (let i = 0; i < 60; i++) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = nll(logits, labels, Math.exp(a));
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = nll(logits, labels, Math.exp(b));
    }
  }
  return Math.exp((lo + hi) / 2);
}

/** Expected calibration error over equal-width confidence bins. */
export function expectedCalibrationError(
  confidences: readonly number[],
  correct: readonly boolean[],
  bins = 10,
): number {
  const count = new Array<number>(bins).fill(0);
  const conf = new Array<number>(bins).fill(0);
  const hits = new Array<number>(bins).fill(0);
  confidences.forEach((c, i) => {
    const b = Math.min(bins - 1, Math.floor(c * bins));
    count[b]!++;
    conf[b]! += c;
    if (correct[i]) hits[b]!++;
  });
  let ece = 0;
  for (let b = 0; b < bins; b++) if (count[b]! > 0) ece += Math.abs(hits[b]! - conf[b]!) / confidences.length;
  return ece;
}
