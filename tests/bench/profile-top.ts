/**
 * The top entries of a `node --cpu-prof` profile, as docs/performance.md shows them: self time
 * per function and per package, and the share of samples with a package anywhere on the stack (node_modules package, the portal's own code by folder, Node's
 * internals). Usage: tsx tests/bench/profile-top.ts <file.cpuprofile | folder> [count]
 * (a folder: its largest profile). Written for `BENCH_PROFILE=<folder> npm run bench:server`, which writes one
 * profile per target, `<folder>/<database>/<target key>.cpuprofile`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [input, countArg] = process.argv.slice(2);
if (!input) {
  console.error('usage: tsx tests/bench/profile-top.ts <file.cpuprofile | folder> [count]');
  process.exit(2);
}
const file = statSync(input).isDirectory()
  ? readdirSync(input)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(input, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]
  : input;
if (!file) throw new Error(`no .cpuprofile in ${input}`);
const count = Number(countArg ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const stackHas = (id: number, test: (frame: ProfileNode['callFrame']) => boolean) => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    if (test(byId.get(at)!.callFrame)) return true;
  return false;
};
// The server's start (imports, migrations, demo documents) is left out: samples count from the
// first one inside Remix's request handler on.
const firstRequest = profile.samples.findIndex((id) =>
  stackHas(id, (frame) => frame.url.includes('@remix-run/server-runtime') && frame.functionName === 'requestHandler'),
);
if (firstRequest > 0) {
  profile.samples = profile.samples.slice(firstRequest);
  profile.timeDeltas = profile.timeDeltas.slice(firstRequest);
}
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
// Shares of the time the process was busy: idle samples left out.
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
for (const id of idle) selfMicros.delete(id);
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives: a package, a folder of the portal, Node, or the engine. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const local = url.replace(/^file:\/\//, '');
  const rel = path.relative(process.cwd(), local);
  if (rel.startsWith('build/server')) return 'portal server build (app/ and server/ bundled)';
  return rel.split('/').slice(0, 2).join('/');
}

const perFunction = new Map<string, number>();
const perArea = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  perFunction.set(key, (perFunction.get(key) ?? 0) + micros);
  const a = area(url, functionName);
  perArea.set(a, (perArea.get(a) ?? 0) + micros);
}

// Inclusive: a sample counts for every package or folder on its stack (once each).
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  if (idle.has(id)) return;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (frame.url) seen.add(area(frame.url, frame.functionName));
  }
  for (const a of seen) inclusive.set(a, (inclusive.get(a) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const top = (map: Map<string, number>) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `| ${k.replaceAll('|', '\\|')} | ${((100 * v) / total).toFixed(1)} % |`)
    .join('\n');

console.log(`${path.relative(process.cwd(), file)}: ${(total / 1e6).toFixed(1)} s busy (idle left out)\n`);
console.log(`| package or folder (self time) | share |\n|---|---:|\n${top(perArea)}\n`);
console.log(`| package or folder (on the stack) | share |\n|---|---:|\n${top(inclusive)}\n`);
console.log(`| function (self time) | share |\n|---|---:|\n${top(perFunction)}`);

// Inclusive per function: a sample counts for every function on its stack (once each), to find
// the subtrees a request spends its time in.
const inclusiveFunctions = new Map<string, number>();
profile.samples.forEach((id, i) => {
  if (idle.has(id)) return;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
    if (!url) continue;
    seen.add(`${functionName || '(anonymous)'} ${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}`);
  }
  for (const key of seen)
    inclusiveFunctions.set(key, (inclusiveFunctions.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
console.log(`\n| function (on the stack) | share |\n|---|---:|\n${top(inclusiveFunctions)}`);
