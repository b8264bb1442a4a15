import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { negotiatedEncoding } from './accept-encoding.ts';

/** The encodings the build writes next to a file (scripts/vite-precompress.ts), preferred first. */
const twins = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof twins)[number][0];

interface Asset {
  /** The file itself, relative to the folder with `/` between its parts. */
  file: string;
  /** Its compressed twins by encoding. */
  encoded: Partial<Record<Encoding, string>>;
}

/**
 * The build's assets (hashed names, so immutable for a year) as the build compressed them
 * (decision 053): `<file>.br` to a browser that takes brotli, `<file>.gz` to one that takes gzip
 * only, the file itself to any other, with Content-Encoding, the file's own Content-Type and
 * `Vary: Accept-Encoding`. `compression()` in front leaves an answer that already has a
 * Content-Encoding alone, and still compresses a file that has no compressed twin.
 *
 * Kept in memory (decision 110): the folder is listed once, at start (the assets of a running
 * server never change), and each file is read on its first request and kept with its ETag. A
 * page's first load asks for a dozen assets; each one served from disk cost a `stat`, an `open`, a
 * `read` and a `close` and the file server's own work, a fifth of the server's CPU in the
 * journeys. What is kept is at most the folder (about 11 MB with its twins); in practice the
 * brotli files a browser asks for.
 */
export function serveAssets(dir: string): RequestHandler {
  const assets = listAssets(dir);
  const kept = new Map<string, { data: Buffer; etag: string }>();
  const bodyOf = (file: string) => {
    let body = kept.get(file);
    if (!body) {
      const data = readFileSync(path.join(dir, file));
      body = { data, etag: `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"` };
      kept.set(file, body);
    }
    return body;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    const asset = assets.get(name);
    if (!asset) return next();
    const encoding = chosenEncoding(req.headers['accept-encoding'], asset.encoded);
    const body = bodyOf(encoding ? asset.encoded[encoding]! : asset.file);
    res.vary('Accept-Encoding');
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    if (encoding) res.set('Content-Encoding', encoding);
    res.type(path.extname(asset.file));
    // Set here, Express does not hash the body again; `send` answers a matching If-None-Match
    // with 304 and a HEAD without the body.
    res.set('ETag', body.etag);
    res.send(body.data);
  };
}

/** The folder's files by their path under it; a compressed twin is listed with its file. */
function listAssets(dir: string): Map<string, Asset> {
  const files = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
  const assets = new Map<string, Asset>();
  for (const file of files) {
    if (twins.some(([, suffix]) => file.endsWith(suffix) && files.has(file.slice(0, -suffix.length)))) continue;
    const encoded: Asset['encoded'] = {};
    for (const [encoding, suffix] of twins) if (files.has(file + suffix)) encoded[encoding] = file + suffix;
    assets.set(file, { file, encoded });
  }
  return assets;
}

const preferred = twins.map(([encoding]) => encoding);

/**
 * The encoding to answer with among the file's twins, by the client's Accept-Encoding: brotli
 * before gzip where the client takes both alike; none for a client that takes neither.
 */
function chosenEncoding(header: string | undefined, encoded: Asset['encoded']): Encoding | null {
  const available = preferred.filter((encoding) => encoded[encoding]);
  const chosen = negotiatedEncoding(header, [...available, 'identity'], preferred);
  return available.find((encoding) => encoding === chosen) ?? null;
}
