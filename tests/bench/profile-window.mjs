// Preloaded into the benchmarked portal when BENCH_PROFILE is set (tests/bench/server.ts).
// SIGUSR2 starts the CPU profiler; the next SIGUSR2 stops it and writes the profile to
// BENCH_PROFILE_FILE's current content (a path the benchmark writes before each signal). A profile
// so covers one target's measured seconds only, without the session pool's sign-ins or warm-up.
// Beside it, `<file>.heap.json`: the memory after a full collection, i.e. what the process holds
// live once the target has run (the resident size alone says more about V8's growth policy).
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const pointer = process.env.BENCH_PROFILE_FILE;
if (pointer) {
  const session = new Session();
  session.connect();
  let running = false;
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  process.on('SIGUSR2', async () => {
    if (!running) {
      running = true;
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 500 });
      await post('Profiler.start');
      return;
    }
    running = false;
    const { profile } = await post('Profiler.stop');
    const file = readFileSync(pointer, 'utf8').trim();
    await post('HeapProfiler.collectGarbage');
    const { heapUsed, heapTotal, external, arrayBuffers, rss } = process.memoryUsage();
    const mb = (bytes) => Math.round(bytes / 1e6);
    const heap = {
      liveHeapMb: mb(heapUsed),
      heapTotalMb: mb(heapTotal),
      externalMb: mb(external),
      arrayBuffersMb: mb(arrayBuffers),
      rssMb: mb(rss),
    };
    writeFileSync(`${file}.heap.json`, JSON.stringify(heap));
    writeFileSync(file, JSON.stringify(profile));
  });
}
