/**
 * The test databases' templates are kept between runs and made again when an input changes
 * (tests/helpers/db-template.ts, decision 060): a source file under server/, package-lock.json,
 * the calendar day. Test files themselves are no input.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareTemplates, templateFingerprint, templateVariable } from '../helpers/db-template.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'portal-template-cache-'));
const root = path.join(scratch, 'checkout');
const cache = path.join(scratch, 'cache');
mkdirSync(path.join(root, 'server', 'db'), { recursive: true });
writeFileSync(path.join(root, 'server', 'db', 'seed.ts'), 'export const rows = 1;\n');
writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
const before = process.env[templateVariable];

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  if (before === undefined) delete process.env[templateVariable];
  else process.env[templateVariable] = before;
});

describe('the fingerprint of the templates’ inputs', () => {
  const print = () => templateFingerprint({ root, day: '2026-03-02' });

  it('changes with a source file under server/, the lock file and the day, not with a test file', () => {
    const first = print();
    expect(print()).toBe(first);

    writeFileSync(path.join(root, 'server', 'db', 'seed.test.ts'), 'it("x", () => {});\n');
    expect(print(), 'a test file is no input').toBe(first);

    writeFileSync(path.join(root, 'server', 'db', 'seed.ts'), 'export const rows = 2;\n');
    const afterSeed = print();
    expect(afterSeed).not.toBe(first);

    writeFileSync(path.join(root, 'server', 'db', 'migration.sql'), 'create table t (id int);\n');
    const afterMigration = print();
    expect(afterMigration).not.toBe(afterSeed);

    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    const afterLock = print();
    expect(afterLock).not.toBe(afterMigration);

    expect(templateFingerprint({ root, day: '2026-03-03' })).not.toBe(afterLock);
  });
});

describe('prepareTemplates', () => {
  // Pinned: the agency's midnight (23:00 UTC in winter) between two calls would be a change of input.
  const day = '2026-03-02';
  // The pair as the real build leaves it (its files), made in no time: what is tested here is
  // when a pair is built, kept and dropped. The real build runs in every test run's global setup,
  // and every database test starts from what it made.
  const builds: string[] = [];
  const build = async (folder: string, builtDay: string) => {
    builds.push(folder);
    for (const file of ['migrated.tar', 'seeded.tar'])
      writeFileSync(path.join(folder, file), `${file} ${builds.length}`);
    writeFileSync(path.join(folder, 'day'), builtDay);
  };
  it('builds once, reuses while the inputs are unchanged, builds again (and drops the old pair) when one changes', async () => {
    const first = await prepareTemplates({ root, cache, day, build });
    expect(first.reused).toBe(false);
    expect(existsSync(first.info.migrated)).toBe(true);
    expect(existsSync(first.info.seeded)).toBe(true);
    expect(JSON.parse(process.env[templateVariable] ?? '{}')).toEqual(first.info);

    const second = await prepareTemplates({ root, cache, day, build });
    expect(second.reused).toBe(true);
    expect(second.folder).toBe(first.folder);

    writeFileSync(path.join(root, 'server', 'db', 'seed.ts'), 'export const rows = 3;\n');
    const third = await prepareTemplates({ root, cache, day, build });
    expect(third.reused).toBe(false);
    expect(third.folder).not.toBe(first.folder);
    expect(existsSync(third.info.seeded)).toBe(true);
    expect(readdirSync(cache)).toEqual([path.basename(third.folder)]);
    expect(builds).toHaveLength(2);
    expect(readFileSync(third.info.seeded, 'utf8')).toBe('seeded.tar 2');
  });
});
