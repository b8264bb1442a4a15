/**
 * The value kept under `key` in `store`, built on first use; when `store` holds `limit` values it
 * is emptied first (a guard against growth: the portal's keys come from short lists, such as
 * languages × variants, or login levels × menu marks).
 */
export function keptIn<V>(store: Map<string, V>, key: string, limit: number, build: () => V): V {
  let value = store.get(key);
  if (value === undefined) {
    if (store.size >= limit) store.clear();
    value = build();
    store.set(key, value);
  }
  return value;
}
