import { gzipAsync } from '@gfx/zopfli';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: text. Images and fonts are compressed formats already. */
const compressible = /\.(?:js|mjs|css|json|svg|txt|wasm)$/;

/**
 * Above this size zopfli takes seconds per file (the password checker's dictionaries, 2.5 MB, on a
 * page few debtors open): such a file gets zlib's best gzip instead, 1 to 2 % larger.
 */
const zopfliLimit = 1_000_000;

/**
 * Zopfli's block splitting gains 1 to 2 % on a large chunk but costs up to half a second on a
 * file of a few kB, where it gains a few bytes (measured on this build): large files only.
 */
const blockSplittingFrom = 32_000;

export interface Precompressed {
  file: string;
  size: number;
  gzip: number | null;
  brotli: number | null;
}

/**
 * Writes `<file>.gz` (zopfli: the best gzip, read by every gzip decoder) and `<file>.br` (brotli at
 * its highest quality) next to the file, each only if it is smaller than the file itself. They
 * are made once per build, so their cost is the build's, never a request's.
 */
export async function precompressFile(file: string): Promise<Precompressed> {
  const content = await readFile(file);
  // Brotli runs on libuv's thread pool while zopfli (WebAssembly) runs on this thread.
  const brotliDone = brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzipped =
    content.length > zopfliLimit
      ? await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })
      : await gzipAsync(content, { numiterations: 5, blocksplitting: content.length >= blockSplittingFrom });
  const brotlied = await brotliDone;
  const result: Precompressed = { file, size: content.length, gzip: null, brotli: null };
  if (gzipped.length < content.length) {
    await writeFile(`${file}.gz`, gzipped);
    result.gzip = gzipped.length;
  }
  if (brotlied.length < content.length) {
    await writeFile(`${file}.br`, brotlied);
    result.brotli = brotlied.length;
  }
  return result;
}

/** Every compressible file under `dir`, its subfolders included (the translation files). */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const results: Precompressed[] = [];
  // One file at a time: zopfli holds this thread anyway, and brotli gets the second core.
  for (const file of files) results.push(await precompressFile(file));
  return results;
}

/**
 * The client build's assets (JavaScript, CSS, the translation files) compressed once at build
 * time, next to each file, for the server to send as they are (server/http/assets.ts, decision
 * 053): smaller than the on-the-fly gzip at level 6 (brotli about 11 % on the large chunks) and
 * no compression work per request.
 */
export function precompress(): Plugin {
  let ssr = false;
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(options) {
      if (ssr || !options.dir) return;
      const started = Date.now();
      const results = await precompressDirectory(path.join(options.dir, 'assets'));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      this.info(`${results.length} assets precompressed (gzip and brotli) in ${seconds} s`);
    },
  };
}
