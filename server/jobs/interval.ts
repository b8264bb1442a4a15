/**
 * A background job that runs every `intervalMs`, never two runs at once (a run still going when the
 * timer fires again is left to finish): the mail outbox's sender and the agency's webhook delivery.
 * The timer does not keep the process alive. The stop function ends the timer and resolves once a
 * run in progress has finished.
 */
export function startIntervalJob<R>(
  run: () => Promise<R>,
  options: {
    intervalMs: number;
    /** Whether a run's report is worth telling (did anything). */
    didWork: (report: R) => boolean;
    onReport?: (report: R) => void;
    onError?: (error: unknown) => void;
  },
): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current) return;
    current = run()
      .then(
        (report) => {
          if (options.didWork(report)) options.onReport?.(report);
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
