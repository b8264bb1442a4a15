/**
 * The layers' boundaries (eslint-boundaries.js, decision 077): each rule fails on a new forbidden
 * import in a scratch file, lets the allowed ones through, and its temporary allowlist (issue 30)
 * only shrinks: every listed file must still break the rule, and the lists may not grow.
 */
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  appImportingDatabase,
  boundaries,
  intentsImportingServer,
  routesImportingServices,
} from '../../eslint-boundaries.js';

const parser: Linter.Config = {
  files: ['**/*.{ts,tsx}'],
  languageOptions: { parser: tseslint.parser as Linter.Parser },
  plugins: { '@typescript-eslint': tseslint.plugin as unknown as ESLint.Plugin },
};

function linter(blocks: Linter.Config[]) {
  return new ESLint({ overrideConfigFile: true, overrideConfig: [parser, ...blocks] });
}

/** The messages of the boundary rules for `code` as if it were the file `filePath`. */
async function violations(code: string, filePath: string, blocks = boundaries): Promise<string[]> {
  const [result] = await linter(blocks).lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the boundary rules on a scratch file', () => {
  it('intents/ may not import server/, by alias or by relative path', async () => {
    expect(
      await violations("import { getDatabase } from '../../server/db/client.ts';\n", 'intents/engine/scratch.ts'),
    ).toEqual([expect.stringContaining('intents/ is a language library and never imports server/')]);
    expect(await violations("import { x } from '#server/actions/run.ts';\n", 'intents/scratch.ts')).toHaveLength(1);
    expect(await violations("import { x } from './engine/index.ts';\n", 'intents/scratch.ts')).toEqual([]);
  });

  it('app/ may not import the database; a type-only import is allowed', async () => {
    const file = 'app/components/Scratch.tsx';
    expect(await violations("import { getDatabase } from '#server/db/client.ts';\n", file)).toEqual([
      expect.stringContaining('app/ never imports the database'),
    ]);
    expect(
      await violations("import * as t from '../../server/db/schema.ts';\n", 'app/lib/scratch.server.ts'),
    ).toHaveLength(1);
    expect(await violations("import type { Database } from '#server/db/client.ts';\n", file)).toEqual([]);
    expect(await violations("import { env } from '#server/env.ts';\n", file)).toEqual([]);
  });

  it('a route may not import a service module, and gets the database rule as well', async () => {
    const file = 'app/routes/$portal.scratch.tsx';
    expect(await violations("import { startPayment } from '#server/payments/service.ts';\n", file)).toEqual([
      expect.stringContaining('A route imports capabilities'),
    ]);
    expect(
      await violations(
        "import { getDatabase } from '#server/db/client.ts';\nimport { x } from '#server/payments/service.ts';\n",
        file,
      ),
    ).toHaveLength(2);
    expect(await violations("import { runAction } from '#server/actions/run.ts';\n", file)).toEqual([]);
    // A service split by job (server/payments/service/) is as closed to a route as service.ts was.
    expect(await violations("import { createPayment } from '#server/payments/service/start.ts';\n", file)).toEqual([
      expect.stringContaining('A route imports capabilities'),
    ]);
    expect(await violations("import { x } from '../../server/payments/service/reads.ts';\n", file)).toHaveLength(1);
  });
});

describe('the temporary allowlists (TODO issue 30)', () => {
  it('do not grow', () => {
    // 7 at decision 077, 10 with the answer tools of issue 26, none since the tools moved to
    // server/assistant/ (decision 082): intents/ imports nothing from server/, without exceptions.
    expect(intentsImportingServer).toEqual([]);
    // 57 app files and 11 routes at decision 077, none since issue 30 items 1 and 6: the pages read
    // and act through server functions that open the database themselves.
    expect(appImportingDatabase).toEqual([]);
    expect(routesImportingServices).toEqual([]);
  });

  it('app/ holds no exception: no file imports the database, no route a service module', async () => {
    const results = await linter([boundaries[1]!, boundaries[2]!]).lintFiles(['app/**/*.{ts,tsx}']);
    expect(results.length).toBeGreaterThan(100);
    // Only the two boundary rules count: the files' own disable comments name rules not loaded here.
    const rules = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-imports']);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.fatal === true || (m.ruleId !== null && rules.has(m.ruleId)))
        .map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(broken).toEqual([]);
  }, 60_000);

  it('intents/ holds no exception: none of its files imports server/ (decision 082)', async () => {
    const results = await linter([boundaries[0]!]).lintFiles(['intents/**/*.ts']);
    expect(results.length).toBeGreaterThan(40);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.message}`))).toEqual([]);
  }, 60_000);

  it('name only files that still break their rule (a fixed file leaves the list)', async () => {
    const unescape = (glob: string) => glob.replace(/\\(.)/g, '$1');
    const lists = [intentsImportingServer, appImportingDatabase, routesImportingServices];
    for (const [index, list] of lists.entries()) {
      // The block of this list without its allowlist, on the listed files themselves.
      const { ignores: _ignores, ...strict } = boundaries[index]!;
      if (list.length === 0) continue; // an emptied list: nothing left to check
      const results = await linter([strict]).lintFiles(list.map(unescape));
      expect(results).toHaveLength(list.length);
      expect(results.filter((r) => r.messages.length === 0).map((r) => r.filePath)).toEqual([]);
    }
  }, 60_000);
});
