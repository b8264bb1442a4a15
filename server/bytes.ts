/** Chunks read from a stream as one array of `length` bytes (the sum of the chunks' lengths). */
export function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
