/**
 * The assistant's classifier for code inside the Remix server bundle. The engine reads its model
 * and sources relative to intents/ on disk, which the bundle does not keep; so the HTTP server
 * (run from source by tsx) provides a loader here, on globalThis like the database handle, and
 * routes ask for it. The model loads at the first request that needs it, once per process.
 */
export type Classify = (text: string, language: string) => string;

const key = Symbol.for('debtor-portal.assistant-classifier');
type Holder = { [key]?: () => Promise<Classify> };

export function provideClassifier(load: () => Promise<Classify>): void {
  let loaded: Promise<Classify> | undefined;
  // A failed load (no model file yet) is tried again at the next request.
  (globalThis as Holder)[key] = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/** The current model's classifier, or null where none was provided (route tests). */
export async function assistantClassifier(): Promise<Classify | null> {
  const load = (globalThis as Holder)[key];
  return load ? load() : null;
}
