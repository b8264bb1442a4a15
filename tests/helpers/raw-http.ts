import { request, type IncomingHttpHeaders } from 'node:http';

/**
 * An HTTP answer as it came over the wire: its status, its headers and its body's bytes, not
 * decoded (`fetch` would undo a `Content-Encoding` and hide what was sent).
 */
export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}
