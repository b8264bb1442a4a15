/**
 * A run's verdicts of one checker (axe, the HTML validator), shared by its workers: kept in this
 * worker's memory and on disk, one file per key, in a folder named after the run's data folder
 * (playwright.config.ts sets E2E_DATA_DIR once for all workers). A verdict is written whole and
 * then renamed, so another worker never reads half of one (decisions 091, 093).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface VerdictStore<T> {
  /** This run's verdict for `key`, from any worker, or undefined. */
  get(key: string): T | undefined;
  keep(key: string, verdict: T): void;
}

export const artifacts = path.resolve(import.meta.dirname, '../.artifacts');

export function verdictStore<T>(checker: string): VerdictStore<T> {
  const mine = new Map<string, T>();
  const folder = path.join(artifacts, `${checker}-verdicts`, path.basename(process.env.E2E_DATA_DIR ?? 'local'));
  return {
    get(key) {
      const known = mine.get(key);
      if (known !== undefined) return known;
      try {
        const shared = JSON.parse(readFileSync(path.join(folder, `${key}.json`), 'utf8')) as T;
        mine.set(key, shared);
        return shared;
      } catch {
        return undefined;
      }
    },
    keep(key, verdict) {
      mine.set(key, verdict);
      mkdirSync(folder, { recursive: true });
      const temporary = path.join(folder, `${key}.${process.pid}.tmp`);
      writeFileSync(temporary, JSON.stringify(verdict));
      renameSync(temporary, path.join(folder, `${key}.json`));
    },
  };
}
