import Negotiator from 'negotiator';

/** Negotiator 1's `encoding` with its `preferred` option, which @types/negotiator 0.6 does not know. */
type EncodingOf = (available: readonly string[], options: { preferred: readonly string[] }) => string | undefined;

/**
 * The encoding among `available` that a client's Accept-Encoding takes, by its q-values
 * (`negotiator`, as for Accept-Language), `preferred` first where it takes several alike whatever
 * order it lists them in (Chromium sends "gzip, deflate, br"); none without the header. Used for the
 * built assets' compressed twins and for what the portal compresses as it answers.
 */
export function negotiatedEncoding(
  header: string | undefined,
  available: readonly string[],
  preferred: readonly string[],
): string | undefined {
  if (!header) return undefined;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  return (negotiator.encoding as EncodingOf).call(negotiator, available, { preferred });
}
