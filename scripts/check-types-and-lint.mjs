#!/usr/bin/env node
// Type check and ESLint on one TypeScript program (decision 060). `tsc --noEmit` and the type-aware
// ESLint rules (no-floating-promises and friends) each built the whole program from tsconfig.json:
// the same minute of work twice. Here the program is built once, its diagnostics are reported as
// tsc reports them, and ESLint gets the same program through typescript-eslint's `programs` option
// instead of its own project service.
//
//   node scripts/check-types-and-lint.mjs          both (npm run check)
//   node scripts/check-types-and-lint.mjs --types  only the type check (npm run typecheck)
//
// Prettier is not part of this: `npm run lint` runs ESLint, then `prettier --check .`.
import { ESLint } from 'eslint';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ts from 'typescript';
import tsParser from '@typescript-eslint/parser';

const root = path.resolve(import.meta.dirname, '..');
const onlyTypes = process.argv.includes('--types');
const timings = process.argv.includes('--timings');
const started = performance.now();
const lap = (label) => {
  if (timings) console.error(`${label}: ${Math.round(performance.now() - started)} ms`);
};

function readProject() {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), undefined, host);
  if (!parsed) process.exit(2);
  if (parsed.errors.length > 0) fail(parsed.errors);
  return parsed;
}

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};

function fail(diagnostics) {
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  process.exit(2);
}

const project = readProject();
const program = ts.createProgram({
  rootNames: project.fileNames,
  options: project.options,
  projectReferences: project.projectReferences,
});
const diagnostics = ts.getPreEmitDiagnostics(program);
lap('program and type check');
if (diagnostics.length > 0) {
  process.stdout.write(
    process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost)
      : ts.formatDiagnostics(diagnostics, formatHost),
  );
  const files = new Set(diagnostics.map((d) => d.file?.fileName).filter(Boolean));
  console.log(`\nFound ${diagnostics.length} type error(s) in ${files.size} file(s).`);
}
let failed = diagnostics.length > 0;

/**
 * typescript-eslint's parser, given the program for the files in it. eslint-plugin-import parses
 * imported modules (node_modules' .js among them) with the linted file's parser options; it drops
 * `project` and `projectService` for that but not `programs`, and a file outside the program
 * cannot be parsed with it. So such a file is parsed alone, as the import plugin intends.
 */
const parser = {
  meta: { name: 'typescript-eslint-parser-with-program' },
  parseForESLint(code, options = {}) {
    const inProgram = options.filePath && program.getSourceFile(path.resolve(root, options.filePath));
    if (!inProgram && options.programs) {
      const { programs: _unused, ...alone } = options;
      return tsParser.parseForESLint(code, alone);
    }
    return tsParser.parseForESLint(code, options);
  },
};

if (!onlyTypes) {
  const eslint = new ESLint({
    cwd: root,
    // The config's type-aware block asks for the project service; give it this program instead.
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: {
          parser,
          parserOptions: { projectService: false, project: false, programs: [program] },
        },
        // The import plugin would otherwise load the parser itself by name for .ts files.
        settings: { 'import/parsers': {} },
      },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  lap('eslint');
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) process.stdout.write(report);
  if (results.some((r) => r.errorCount > 0 || r.fatalErrorCount > 0)) failed = true;
}

process.exit(failed ? 1 : 0);
