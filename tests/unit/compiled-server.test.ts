/**
 * The compiled server (decision 076): `npm run build` compiles the edge server with the Remix
 * server build into one module graph, started with plain node; the demo data is a chunk that only
 * a demo start loads (decision 078); every dependency is pinned and tsx is no runtime dependency.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTimeoutMs, ensureBuild } from '../helpers/build.ts';
import { serverArguments, serverEnvironment } from '../../scripts/server-command.mjs';

const serverDir = path.resolve('build/server');
const read = (file: string) => readFileSync(path.join(serverDir, file), 'utf8');

/** Every .js file of the server build, relative to build/server. */
function serverFiles(): string[] {
  return [
    'index.js',
    'server.js',
    ...readdirSync(path.join(serverDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `assets/${f}`),
  ];
}

/** The files `entry` loads by static imports, itself included (dynamic `import()` left out). */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of read(file).matchAll(
      /(?:^|[;\n])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    ))
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)));
  };
  visit(entry);
  return seen;
}

describe('the compiled server', () => {
  beforeAll(ensureBuild, buildTimeoutMs);

  it('is plain JavaScript next to the Remix build, started by node alone', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    // Started with the same Node flags and environment everywhere (scripts/server-command.mjs, decision 100).
    const environment = Object.entries(serverEnvironment)
      .map(([name, value]) => `${name}=${value} `)
      .join('');
    expect(pkg.scripts['start:prod']).toBe(`NODE_ENV=production ${environment}node ${serverArguments.join(' ')}`);
    expect(pkg.scripts['serve']).toBe(`${environment}node ${serverArguments.join(' ')}`);
    expect(read('server.js')).not.toMatch(/from ["']tsx|\.ts["']/);
    expect(staticClosure('server.js').has('index.js') || read('server.js').includes('build/server/index.js')).toBe(
      true,
    );
  });

  it('is one module graph with the routes: the database client is compiled once', () => {
    // A module both the edge and the routes use (server/db/client.ts) is in one shared chunk that
    // both entries load, never in a copy per entry.
    const marker = 'debtor-portal:migrations';
    const holders = serverFiles().filter((file) => read(file).includes(marker));
    expect(holders).toHaveLength(1);
    expect(staticClosure('server.js').has(holders[0]!)).toBe(true);
    expect(staticClosure('index.js').has(holders[0]!)).toBe(true);
  });

  it('runs the embedded database in a thread of its own, whose entry loads PGlite and none of the server', () => {
    // Decision 122: server.js starts build/server/pglite-worker.js when it finds it beside itself.
    expect(read('server.js')).toContain('./pglite-worker.js');
    const thread = staticClosure('pglite-worker.js');
    const kept = [...thread].filter((file) => read(file).includes('pglite_kept_'));
    expect(kept).toHaveLength(1);
    expect(read(kept[0]!)).toMatch(/from ["']@electric-sql\/pglite["']/);
    const server = new Set([...staticClosure('server.js'), ...staticClosure('index.js')]);
    expect([...thread].filter((file) => server.has(file))).toEqual(kept);
  });

  it('is a production build, also when a test asked for it (NODE_ENV=test in vitest)', () => {
    // React's development build in the browser's scripts would more than double them (decision 053).
    const clientDir = path.resolve('build/client/assets');
    const scripts = readdirSync(clientDir).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    const development = scripts.filter((f) =>
      /react(?:-dom)?\.development\.js/.test(readFileSync(path.join(clientDir, f), 'utf8')),
    );
    expect(development).toEqual([]);
  });

  it('keeps the demo data out of what a production start loads', () => {
    const demo = serverFiles().filter((file) => read(file).includes('Nordwind Versand GmbH'));
    expect(demo).toHaveLength(1);
    expect(staticClosure('server.js').has(demo[0]!)).toBe(false);
    expect(staticClosure('index.js').has(demo[0]!)).toBe(false);
  });

  it('loads the libraries of rare requests with the first such request, not at its start', () => {
    // What a started server holds for its whole life (docs/performance.md, "Memory"): the password
    // dictionaries (a new password), pdf-lib and fontkit (a form's PDF), the barcode and QR
    // encoders (a payment slip, a staff member's second factor), and of faker only the name lists'
    // locales, not all seventy.
    const packages = (files: Iterable<string>, pattern: RegExp) =>
      new Set(
        [...files].flatMap((file) => [...read(file).matchAll(pattern)].map((match) => match[1]!)).filter(Boolean),
      );
    const atStart = packages(
      new Set([...staticClosure('server.js'), ...staticClosure('index.js')]),
      /(?:^|[;\n])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["']([^./"'][^"']*)["']/g,
    );
    const onDemand = packages(serverFiles(), /\bimport\(\s*["']([^./"'][^"']*)["']\s*\)/g);
    const rare = ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', 'pdf-lib', 'fontkit', 'bwip-js/node', 'qrcode'];
    expect(atStart.has('react')).toBe(true);
    for (const name of rare) {
      expect(atStart.has(name), name).toBe(false);
      expect(onDemand.has(name), name).toBe(true);
    }
    expect(atStart.has('@faker-js/faker')).toBe(false);
    expect(atStart.has('@faker-js/faker/locale/de')).toBe(true);
  });
});

describe('the dependencies', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;

  it('are pinned to exact versions', () => {
    const ranges = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.overrides }).filter(
      ([, version]) => !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version),
    );
    expect(ranges).toEqual([]);
  });

  it('leave tsx to the development tools', () => {
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    expect(pkg.devDependencies).toHaveProperty('tsx');
  });
});
