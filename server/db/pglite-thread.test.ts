import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread.ts';
import { StatementCachingPGlite } from './pglite-statements.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** The worker entry from source: tsx compiles it in the thread, as the build compiles it for the server. */
const entry = new URL('./pglite-worker.ts', import.meta.url).href;
const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
const fromSource = { eval: true };

const schema = `
  create table things (id serial primary key, label text not null unique, seen_on date, amount numeric(12,2));
  insert into things (label, seen_on, amount) values ('a', '2026-11-30', 12.5), ('b', null, null);
`;

describe('PGlite in a thread of its own (decision 122)', () => {
  let thread: PGliteThread;
  let local: StatementCachingPGlite;
  beforeAll(async () => {
    thread = await PGliteThread.open(script, { dataDir: 'memory://' }, fromSource);
    local = await StatementCachingPGlite.open('memory://');
    await thread.exec(schema);
    await local.exec(schema);
  });
  afterAll(async () => {
    await thread?.close();
    await local?.close();
  });

  it('answers a query as PGlite in the same thread does, in both row modes, with the caller’s parsers applied', async () => {
    const query = 'select id, label, seen_on, amount from things where label = any($1) order by id';
    // drizzle's PGlite driver gives parsers of its own (dates as text): they run on this side.
    const marked = { 1082: (value: string) => `date:${value}` };
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: marked },
      { rowMode: 'array' as const, parsers: marked },
    ]) {
      const expected = await local.query(query, [['a', 'b']], options);
      expect(await thread.query(query, [['a', 'b']], options)).toEqual(expected);
    }
    expect((await thread.query(query, [['a']], { parsers: marked })).rows[0]).toMatchObject({
      label: 'a',
      seen_on: 'date:2026-11-30',
      amount: '12.50',
    });
  });

  it('commits a transaction whose callback returns, and holds the database until then', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const done = thread.transaction(async (tx) => {
      await tx.query(`insert into things (label) values ('in-tx')`);
      inside();
      await held;
      return 'returned';
    });
    await entered;
    // Asked while the transaction is open: answered after its commit, so it sees the row.
    const outside = thread.query<{ n: number }>(`select count(*)::int as n from things where label = 'in-tx'`);
    release();
    expect(await done).toBe('returned');
    expect((await outside).rows[0]!.n).toBe(1);
  });

  it('rolls back a transaction whose callback throws, and gives the caller its own error', async () => {
    const failure = new Error('the caller gave up');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into things (label) values ('rolled-back')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const { rows } = await thread.query<{ n: number }>(
      `select count(*)::int as n from things where label = 'rolled-back'`,
    );
    expect(rows[0]!.n).toBe(0);
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into things (label) values ('asked-to-roll-back')`);
        await tx.rollback();
        expect(tx.closed).toBe(true);
        await tx.query('select 1');
      }),
    ).rejects.toThrow(/closed/);
    const after = await thread.query<{ n: number }>(`select count(*)::int as n from things where label like '%roll%'`);
    expect(after.rows[0]!.n).toBe(0);
  });

  it('gives Postgres’s error with its code and constraint, and the database goes on answering', async () => {
    const error = await thread.query(`insert into things (label) values ('a')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_label_key' });
    expect((error as Error).message).toMatch(/duplicate key/);
    // A failing statement inside a transaction fails it as a whole.
    await expect(thread.transaction((tx) => tx.query('select no_such_column from things'))).rejects.toMatchObject({
      code: '42703',
    });
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('copies rows from a blob inside a transaction, as the agency import does', async () => {
    await thread.transaction(async (tx) => {
      await tx.query(`copy things (label, amount) from '/dev/blob'`, [], {
        blob: new Blob(['c1\t1.50\n', 'c2\t2.00\n']),
      });
    });
    const { rows } = await thread.query(`select label, amount from things where label like 'c_' order by label`);
    expect(rows).toEqual([
      { label: 'c1', amount: '1.50' },
      { label: 'c2', amount: '2.00' },
    ]);
  });

  it('refuses options that cannot cross the thread instead of dropping them', async () => {
    await expect(thread.query('select 1', [], { onNotice: () => undefined })).rejects.toThrow(/not supported/);
  });
});

describe('the thread ending', () => {
  it('fails the calls waiting and every later one as a closed connection (503, not 500)', async () => {
    const thread = await PGliteThread.open(script, { dataDir: 'memory://' }, fromSource);
    const waiting = thread.query('select pg_sleep(5)');
    await thread.terminate();
    const error = await waiting.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(await thread.query('select 1').catch((e: unknown) => e))).toBe(true);
  });

  it('reports a data folder it cannot open', async () => {
    await expect(
      PGliteThread.open(script, { dataDir: 'memory://', loadDataDir: new Blob(['not a tarball']) }, fromSource),
    ).rejects.toThrow();
  });

  it('keeps the process alive while a call waits, and not once it is idle', () => {
    // A script that opens the thread, asks once and never closes it: it must print the answer and end.
    const program = `
      import { PGliteThread } from ${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href)};
      const thread = await PGliteThread.open(${JSON.stringify(script)}, { dataDir: 'memory://' }, { eval: true });
      setTimeout(async () => console.log(JSON.stringify((await thread.query('select 41 + 1 as n')).rows)), 10);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', program], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('[{"n":42}]');
    expect(run.status).toBe(0);
  });
});
