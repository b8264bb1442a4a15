import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * The build's assets (hashed names, so immutable for a year) as the build compressed them
 * (scripts/vite-precompress.ts, decision 053): `<file>.br` to a browser that takes brotli,
 * `<file>.gz` to one that takes gzip only, the file itself to any other, with Content-Encoding,
 * the file's own Content-Type and `Vary: Accept-Encoding`. The folder is read once, at start:
 * the assets of a running server never change. `compression()` in front leaves an answer that
 * already has a Content-Encoding alone, and still compresses a file that has no compressed twin.
 */
export function serveAssets(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    // Brotli first whatever order the browser lists them in (Chromium sends "gzip, deflate, br").
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y', index: false },
  }) as RequestHandler;
}
