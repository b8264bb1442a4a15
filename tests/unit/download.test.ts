import { describe, expect, it } from 'vitest';
import { downloadResponse } from '~/lib/download.server';

const body = () => new ReadableStream<Uint8Array>({ start: (c) => c.close() });
const disposition = (name: string) =>
  downloadResponse(body(), {
    mediaType: 'application/pdf',
    sizeBytes: 0,
    name,
    cacheControl: 'private, no-store',
  }).headers.get('Content-Disposition');

describe('downloadResponse', () => {
  it('names a plain file plainly, and gives a UTF-8 spelling beside a safe one otherwise', () => {
    expect(disposition('goods-return-12.pdf')).toBe('attachment; filename="goods-return-12.pdf"');
    expect(disposition('Überweisung März.pdf')).toBe(
      `attachment; filename="_berweisung M_rz.pdf"; filename*=UTF-8''${encodeURIComponent('Überweisung März.pdf')}`,
    );
  });

  it('never lets a name break out of its header value', () => {
    expect(disposition('a"b\\c\r\nSet-Cookie: x.pdf')).toMatch(
      /^attachment; filename="a_b_c__Set-Cookie: x\.pdf"; filename\*=UTF-8''/,
    );
  });

  it('sets the type the server decided, the length and the caching (nosniff is the edge’s, once)', () => {
    const headers = downloadResponse(body(), {
      mediaType: 'image/png',
      sizeBytes: 42,
      name: 'scan.png',
      cacheControl: 'private, max-age=900',
    }).headers;
    expect(Object.fromEntries(headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': '42',
      'cache-control': 'private, max-age=900',
    });
    // The edge sets it on every answer; a second copy here made it `nosniff, nosniff`.
    expect(headers.has('x-content-type-options')).toBe(false);
  });
});
