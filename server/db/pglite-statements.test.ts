import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCachingPGlite } from './pglite-statements.ts';

/** PGlite's own path on the same database: what the kept statements must answer alike. */
const ownQuery = (db: PGlite, query: string, params: unknown[] = [], options?: QueryOptions) =>
  PGlite.prototype.query.call(db, query, params, options);

/** The statements the backend holds prepared under a name (the protocol's, not SQL PREPARE). */
const preparedNames = async (db: PGlite) =>
  (await ownQuery(db, `select name from pg_prepared_statements order by name`)).rows.map(
    (row) => (row as { name: string }).name,
  );

describe('PGlite with its statements kept prepared', () => {
  let db: StatementCachingPGlite;
  beforeAll(async () => {
    db = await StatementCachingPGlite.open('memory://', { statementLimit: 4 });
    await db.exec(`
      create table things (id serial primary key, label text not null unique, seen_at timestamptz,
                           tags text[], data jsonb, amount numeric(12,2));
      insert into things (label, seen_at, tags, data, amount)
        values ('a', '2026-11-30T06:00:00Z', '{x,y}', '{"k":1}', 12.5), ('b', null, null, null, null);
    `);
  });
  afterAll(async () => db?.close());

  it('answers a statement run again exactly as PGlite itself does, rows, fields and counts, in both row modes', async () => {
    const query = 'select id, label, seen_at, tags, data, amount from things where label = any($1) order by id';
    // drizzle gives parsers of its own with its queries (timestamps as text): they win over PGlite's.
    const asText = { 1184: (value: string) => value };
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: asText }]) {
      const expected = await ownQuery(db, query, [['a', 'b']], options);
      const first = await db.query(query, [['a', 'b']], options);
      const again = await db.query(query, [['a', 'b']], options);
      expect(first).toEqual(expected);
      expect(again).toEqual(expected);
    }
    expect((await db.query(query, [['a']], { parsers: asText })).rows[0]).toMatchObject({
      seen_at: '2026-11-30 06:00:00+00',
      tags: ['x', 'y'],
    });
    expect((await db.query(query, [['b']])).rows).toEqual([
      { id: 2, label: 'b', seen_at: null, tags: null, data: null, amount: null },
    ]);
  });

  it('serializes parameters by the types Postgres inferred: dates, JSON, arrays, null', async () => {
    const insert = 'insert into things (label, seen_at, tags, data) values ($1, $2, $3, $4) returning *';
    const at = new Date('2026-12-01T08:30:00Z');
    const kept = await db.query<Record<string, unknown>>(insert, ['c', at, ['p', 'q'], { nested: [1, 2] }]);
    expect(kept.rows[0]).toMatchObject({ label: 'c', seen_at: at, tags: ['p', 'q'], data: { nested: [1, 2] } });
    expect(kept.affectedRows).toBe(1);
    const own = await ownQuery(db, insert, ['d', null, null, null]);
    const again = await db.query(insert, ['e', null, null, null]);
    expect({ ...again, rows: [] }).toEqual({ ...own, rows: [] });
    const removed = await db.query('delete from things where label = any($1)', [['c', 'd', 'e']]);
    expect(removed).toMatchObject({ affectedRows: 3, rows: [], command: 'DELETE' });
  });

  it('keeps one named statement per text, parsed once, and closes the least recently used beyond its limit', async () => {
    const texts = [1, 2, 3, 4, 5].map((n) => `select $1::int + ${n} as sum`);
    for (const text of texts) expect((await db.query<{ sum: number }>(text, [1])).rows[0]!.sum).toBeGreaterThan(1);
    expect(db.keptStatements).toBe(4);
    // The fifth closed the first; the backend drops it with the next statement prepared.
    await db.query('select $1::int as again', [7]);
    const names = await preparedNames(db);
    expect(names.length).toBeLessThanOrEqual(5);
    expect(names.every((name) => name.startsWith('pglite_kept_'))).toBe(true);
    // The one closed earliest is prepared again when it comes back, and answers alike.
    expect((await db.query<{ sum: number }>(texts[0]!, [1])).rows).toEqual([{ sum: 2 }]);
  });

  it('leaves DDL, transactions control and statements with given parameter types to PGlite', async () => {
    const before = db.keptStatements;
    const names = await preparedNames(db);
    await db.query('create temporary table scratch (n int)');
    await db.query('select $1 as typed', ['x'], { paramTypes: [25] });
    expect(db.keptStatements).toBe(before);
    expect(await preparedNames(db)).toEqual(names);
  });

  it('throws PGlite’s error with the query and its parameters, and the next statement runs', async () => {
    const insert = 'insert into things (label) values ($1)';
    await db.query(insert, ['unique-1']);
    const error = await db.query(insert, ['unique-1']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['unique-1'] });
    const syntax = await db.query('select from where', []).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601', query: 'select from where' });
    expect((await db.query('select count(*)::int as n from things where label = $1', ['unique-1'])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('prepares a statement again when a table’s change makes its kept plan stale', async () => {
    await db.exec(`create table shapes (id int primary key); insert into shapes values (1)`);
    const query = 'select * from shapes where id = $1';
    expect((await db.query(query, [1])).rows).toEqual([{ id: 1 }]);
    await db.exec(`alter table shapes add column colour text default 'blue'`);
    expect((await db.query(query, [1])).rows).toEqual([{ id: 1, colour: 'blue' }]);
  });

  it('runs kept statements inside a transaction, which commits or rolls back as a whole', async () => {
    const insert = 'insert into things (label) values ($1)';
    const count = async (label: string) =>
      (await db.query<{ n: number }>('select count(*)::int as n from things where label = $1', [label])).rows[0]!.n;
    await db.transaction(async (tx) => {
      await tx.query(insert, ['tx-kept']);
      expect(
        (await tx.query<{ n: number }>('select count(*)::int as n from things where label = $1', ['tx-kept'])).rows[0]!
          .n,
      ).toBe(1);
    });
    expect(await count('tx-kept')).toBe(1);
    const failed = await db
      .transaction(async (tx) => {
        await tx.query(insert, ['tx-rolled-back']);
        await tx.query(insert, ['tx-kept']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect(await count('tx-rolled-back')).toBe(0);
    await db.transaction(async (tx) => {
      await tx.query(insert, ['tx-rollback']);
      await tx.rollback();
    });
    expect(await count('tx-rollback')).toBe(0);
  });

  it('never lets a statement outside run inside another caller’s transaction', async () => {
    const insert = 'insert into things (label) values ($1)';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const open = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(insert, ['inside']);
      inserted();
      await held;
      await tx.rollback();
    });
    await open;
    // Sent while the transaction is open and idle: it waits for the transaction's end, so it never
    // sees the row the transaction rolls back, and is not rolled back with it.
    const outside = db.query(insert, ['outside']);
    const seen = db.query<{ label: string }>('select label from things where label in ($1, $2)', ['inside', 'outside']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([transaction, outside]);
    expect((await seen).rows).toEqual([{ label: 'outside' }]);
  });
});
