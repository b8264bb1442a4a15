/**
 * A stored file answered as a download to its own debtor: the type the server decided (never
 * the name), the exact length, an attachment name that is safe in a header, and no sniffing.
 * Callers have already checked that the file belongs to the session.
 */
export function downloadResponse(
  body: ReadableStream<Uint8Array>,
  file: {
    mediaType: string;
    sizeBytes: number;
    name: string;
    cacheControl: 'private, no-store' | 'private, max-age=900';
  },
): Response {
  return new Response(body, {
    headers: {
      'Content-Type': file.mediaType,
      'Content-Length': String(file.sizeBytes),
      'Content-Disposition': attachment(file.name),
      'Cache-Control': file.cacheControl,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** `attachment; filename="…"`, with the UTF-8 spelling beside it when the name needs one. */
function attachment(name: string): string {
  const ascii = name.replace(/["\\\r\n]/g, '_').replace(/[^\x20-\x7e]/g, '_');
  return ascii === name
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
