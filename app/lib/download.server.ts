/**
 * A stored file answered as a download to its own debtor: the type the server decided (never
 * the name), the exact length and an attachment name that is safe in a header. No sniffing is
 * the edge's header on every answer (server/http/security.ts): set here too, it went out twice.
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
