/**
 * Classification timings for `npm run bench` (measured, never asserted): p50, p95 and p99 per
 * message and messages per second on one core, over the development set of every language
 * (language detection, clause split and slots included). vitest bench reports no p95, hence
 * this small script beside the vitest benches. Both wall-clock and CPU time per message are
 * reported: on a shared machine the wall clock includes the time other processes held the core.
 */
import { loadCorpus } from '../../intents/data/corpus.ts';
import { getEngine } from '../../intents/engine/store.ts';

const engine = getEngine({ log: (line) => console.error(line) });
const messages = loadCorpus().dev.map((u) => u.text);
if (messages.length === 0) throw new Error('no dev lines to measure with');

for (let i = 0; i < 200; i++) engine.classify(messages[i % messages.length]!, { pageLang: 'de', today: '2026-11-22' }); // warm-up
const rounds = Math.max(1, Math.ceil(5000 / messages.length));
const wall: number[] = [];
const cpu: number[] = [];
const startedCpu = process.cpuUsage();
for (let r = 0; r < rounds; r++) {
  for (const text of messages) {
    const c = process.cpuUsage();
    const t = performance.now();
    engine.classify(text, { pageLang: 'de', today: '2026-11-22' });
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
}
const spent = process.cpuUsage(startedCpu);
const q = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!.toFixed(3);
const line = (name: string, list: number[]) =>
  `${name} p50 ${q(list, 0.5)} ms, p95 ${q(list, 0.95)} ms, p99 ${q(list, 0.99)} ms`;
console.log(
  `assistant classify, ${wall.length} messages: ${line('wall', wall)}; ${line('cpu', cpu)}; ${Math.round(wall.length / ((spent.user + spent.system) / 1e6))} messages per cpu-second (one core)`,
);
