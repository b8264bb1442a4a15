/**
 * Statements prepared once per database handle (decision 075, issue 28): the reads every page
 * view makes (the session, the page's file) are built by drizzle once and planned by PostgreSQL
 * once per connection. A transaction is a handle of its own for a moment: it prepares the
 * statement under the same name and keeps nothing.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

export function preparedPerDatabase<K, S>(prepare: (db: Database, key: K) => S): (db: Database, key: K) => S {
  const kept = new WeakMap<Database, Map<K, S>>();
  return (db, key) => {
    if ((db as unknown) instanceof PgTransaction) return prepare(db, key);
    let statements = kept.get(db);
    if (!statements) kept.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = prepare(db, key)));
    return statement;
  };
}
