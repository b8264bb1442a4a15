/**
 * The SQL statements a piece of code sends to the database, recorded at the driver (PGlite's
 * `query`, or the PostgreSQL pool's): what a page view costs, counted the way the database sees it.
 */
import { vi } from 'vitest';
import type { Database } from '#server/db/client.ts';

type Client = { query: (...args: unknown[]) => unknown };

const textOf = (first: unknown): string =>
  typeof first === 'string' ? first : String((first as { text?: string } | null)?.text ?? first);

export async function recordStatements<T>(
  db: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const client = (db as unknown as { $client: Client }).$client;
  const statements: string[] = [];
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    statements.push(textOf(args[0]));
    return original(...args);
  });
  try {
    return { result: await run(), statements };
  } finally {
    spy.mockRestore();
  }
}

/** The statements that change data. */
export const writes = (statements: readonly string[]): string[] =>
  statements.filter(
    (s) => /^\s*(insert|update|delete)\b/i.test(s) || /^\s*with\b[\s\S]*\b(insert into|update|delete from)\b/i.test(s),
  );
