/**
 * The model file: every language's model in one JSON document (weights as base64 of
 * little-endian float32), written at build time by `npm run assistant:train` and read once
 * by the server and the commands. It records a fingerprint of the training data and of the
 * engine's own source, so a stale file is noticed and retrained instead of silently used.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIntentId, isLang, LANGS, type IntentId, type Lang } from '../catalogue.ts';
import { INTENTS_DIR, loadCorpus, trainingFiles } from '../data/corpus.ts';
import { Engine } from './classify.ts';
import { trainLanguage, type LangModel, type TrainingReport } from './model.ts';

export const MODEL_FILE = path.join(INTENTS_DIR, 'model', 'assistant-model.json');

/**
 * Where the commands read data and keep the model: the repository's by default; the tests
 * (and staff trying out corrections) point them elsewhere with ASSISTANT_DATA_DIR and
 * ASSISTANT_MODEL_FILE.
 */
export function commandPaths(env: NodeJS.ProcessEnv = process.env): { root: string; file: string } {
  const root = env.ASSISTANT_DATA_DIR ? path.resolve(env.ASSISTANT_DATA_DIR) : INTENTS_DIR;
  const file = env.ASSISTANT_MODEL_FILE
    ? path.resolve(env.ASSISTANT_MODEL_FILE)
    : root === INTENTS_DIR
      ? MODEL_FILE
      : path.join(root, 'model', 'assistant-model.json');
  return { root, file };
}
const FORMAT = 1;
/** Source files whose change changes what training produces. */
const ENGINE_SOURCES = ['features.ts', 'normalise.ts', 'linear.ts', 'model.ts'].map((f) =>
  fileURLToPath(new URL(f, import.meta.url)),
);

interface StoredLang {
  labels: string[];
  vocab: string[];
  idf: string;
  weights: string;
  bias: number[];
  temperature: number;
  report: TrainingReport;
}

interface StoredModel {
  format: number;
  fingerprint: string;
  trainedAt: string;
  languages: Partial<Record<Lang, StoredLang>>;
}

/** Hash of the training files (names and contents) and of the engine's training code. */
export function fingerprint(root: string = INTENTS_DIR): string {
  const hash = createHash('sha256').update(`format ${FORMAT}\n`);
  for (const file of [...trainingFiles(root), ...ENGINE_SOURCES]) {
    hash
      .update(`${path.relative(root, file)}\n`)
      .update(readFileSync(file))
      .update('\n');
  }
  return hash.digest('hex');
}

const toBase64 = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength % 4 !== 0)
    throw new Error('model file: the weights are truncated; retrain with npm run assistant:train (inconsistent)');
  const copy = new ArrayBuffer(bytes.byteLength); // aligned, detached from Node's buffer pool
  new Uint8Array(copy).set(bytes);
  return new Float32Array(copy);
}

export function serialise(models: Iterable<LangModel>, print: string): string {
  const stored: StoredModel = {
    format: FORMAT,
    fingerprint: print,
    trainedAt: new Date().toISOString(),
    languages: {},
  };
  for (const m of models) {
    stored.languages[m.lang] = {
      labels: m.labels,
      vocab: [...m.vocab.keys()],
      idf: toBase64(m.idf),
      weights: toBase64(m.linear.weights),
      bias: [...m.linear.bias],
      temperature: m.temperature,
      report: m.report,
    };
  }
  return JSON.stringify(stored);
}

export function deserialise(json: string): { fingerprint: string; models: Map<Lang, LangModel> } {
  const stored = JSON.parse(json) as StoredModel;
  if (stored.format !== FORMAT) throw new Error(`model file format ${stored.format}, expected ${FORMAT}`);
  const models = new Map<Lang, LangModel>();
  for (const [lang, s] of Object.entries(stored.languages)) {
    if (!isLang(lang) || !s) continue;
    const labels = s.labels.filter(isIntentId) as IntentId[];
    const idf = fromBase64(s.idf);
    const weights = fromBase64(s.weights);
    if (
      labels.length !== s.labels.length ||
      idf.length !== s.vocab.length ||
      weights.length !== s.vocab.length * labels.length
    ) {
      throw new Error(`model file: the ${lang} model is inconsistent; retrain with npm run assistant:train`);
    }
    models.set(lang, {
      lang,
      labels,
      vocab: new Map(s.vocab.map((feature, i) => [feature, i])),
      idf,
      linear: { classes: labels.length, features: s.vocab.length, weights, bias: Float32Array.from(s.bias) },
      temperature: s.temperature,
      report: s.report,
    });
  }
  return { fingerprint: stored.fingerprint, models };
}

/** Trains every language that has data. `log` receives progress lines (never stdout in the commands). */
export function trainAll(root: string = INTENTS_DIR, log: (line: string) => void = () => {}): LangModel[] {
  const corpus = loadCorpus(root);
  if (corpus.violations.length > 0) {
    throw new Error(`training data has ${corpus.violations.length} violation(s); run npm run assistant:check-data`);
  }
  const models: LangModel[] = [];
  for (const lang of LANGS) {
    const examples = corpus.train.filter((u) => u.lang === lang);
    if (examples.length === 0) continue;
    const model = trainLanguage(lang, examples);
    const r = model.report;
    log(
      `${lang}: ${r.examples} lines, ${model.labels.length} intents, ${r.features} features, held-out accuracy ${(r.heldOutAccuracy * 100).toFixed(1)} %, ECE ${r.eceRaw.toFixed(3)} → ${r.eceCalibrated.toFixed(3)} (T = ${model.temperature.toFixed(2)}), ${r.trainMs} ms`,
    );
    models.push(model);
  }
  return models;
}

export function writeModelFile(models: LangModel[], print: string, file: string = MODEL_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, serialise(models, print));
  renameSync(temp, file); // never a half-written model for a concurrent reader
}

export interface EnsureOptions {
  root?: string;
  file?: string;
  log?: (line: string) => void;
}

/** The model file's models, retrained and rewritten first when missing or stale. */
export function ensureModels(options: EnsureOptions = {}): Map<Lang, LangModel> {
  const root = options.root ?? INTENTS_DIR;
  const file = options.file ?? MODEL_FILE;
  const print = fingerprint(root);
  if (existsSync(file)) {
    const loaded = deserialise(readFileSync(file, 'utf8'));
    if (loaded.fingerprint === print) return loaded.models;
    options.log?.('assistant model is stale: training again');
  } else options.log?.('assistant model missing: training');
  const models = trainAll(root, options.log);
  writeModelFile(models, print, file);
  return new Map(models.map((m) => [m.lang, m]));
}

let shared: Engine | null = null;

/** The engine for the server: loaded once per process (trained first if the file is stale). */
export function getEngine(options: EnsureOptions = {}): Engine {
  shared ??= new Engine(ensureModels(options));
  return shared;
}
