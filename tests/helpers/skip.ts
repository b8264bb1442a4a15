/**
 * Nothing skips silently (issue 25): a test that cannot run here names why, in the run's output,
 * where `describe.skipIf` alone would only count it as skipped.
 *
 *     describe.skipIf(skipReason('two instances on PostgreSQL', postgresUnavailable()))(…)
 */
export function skipReason(what: string, ...reasons: ReadonlyArray<string | null | undefined | false>): string | null {
  const reason = reasons.find((r): r is string => typeof r === 'string' && r.length > 0) ?? null;
  if (reason) console.warn(`skipped: ${what}: ${reason}`);
  return reason;
}
