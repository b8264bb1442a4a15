/**
 * The rendered public pages a visitor without a session sees, kept for a few seconds (issue 16;
 * decision 050). A visitor's legal notice, sign-in page or FAQ depends on nothing but the
 * address, the language, the consent choice, the maintenance switch and the build; rendering it
 * again for every visitor cost five to ten times a bare Remix page. The first request renders
 * it, the next ones within `ttlMs` get the same HTML with their own CSP nonce put in.
 *
 * What is never kept: any request that carries a cookie other than the consent or language
 * choice (a session, the chat, a bank-ID flow, the review desk), anything but a GET, a refused
 * request, an answer other than a 200 HTML page, an answer that sets a cookie or says
 * `Vary` on anything, and a page larger than `maxBytes`. Pages stay `no-store` for the browser
 * (decision 012); this only spares the server the rendering.
 *
 * The key holds the host the page was built for (no Host header can put its page in another
 * host's entry), the full address with its query, Accept-Language, the two choices, and the
 * maintenance file as it was read (a switched maintenance mode is a new key, at once).
 */
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The nonce the page was rendered with; replaced by each request's own. */
  nonce: string;
}

export interface PageCacheOptions {
  /** How long a rendered page is served again (milliseconds). */
  ttlMs: number;
  /** At most this many pages are kept… */
  maxEntries: number;
  /** …and this many bytes of HTML in all. */
  maxTotalBytes: number;
  /** A larger page is never kept. */
  maxBytes: number;
  /** Cookie names a visitor may carry and still share the pages (their values are part of the key). */
  sharedCookies: string[];
  /** Something that changes whenever the maintenance switch does (part of the key). */
  maintenanceStamp: () => Promise<string>;
  onResult?: (result: 'hit' | 'miss' | 'skip') => void;
}

export interface PageCache {
  /** The key for this request, or null when its answer must be rendered for it alone. */
  keyFor(req: Request, res: Response): Promise<string | null>;
  get(key: string): CachedPage | undefined;
  /**
   * Keeps a rendered answer if it is a shareable page and hands it back to be sent (its body is
   * read); null when it is not one (its body is untouched).
   */
  keep(key: string, response: globalThis.Response, nonce: string): Promise<CachedPage | null>;
  send(res: Response, page: CachedPage, nonce: string): void;
  clear(): void;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    max: options.maxEntries,
    maxSize: options.maxTotalBytes,
    sizeCalculation: (page) => Math.max(1, page.body.length),
    ttl: options.ttlMs,
    // An entry past its time is not served, even if the LRU has not dropped it yet.
    allowStale: false,
  });
  const shared = new Set(options.sharedCookies);

  return {
    async keyFor(req, res) {
      if (req.method !== 'GET' || res.locals.refusal) return skip();
      const choices = sharedCookieValues(req.headers.cookie, shared);
      if (choices === null) return skip();
      const host = req.get('host') ?? '';
      const stamp = await options.maintenanceStamp();
      return [req.protocol, host, req.originalUrl, req.get('accept-language') ?? '', choices, stamp].join('\n');
    },
    get(key) {
      const page = pages.get(key);
      options.onResult?.(page ? 'hit' : 'miss');
      return page;
    },
    async keep(key, response, nonce) {
      if (!isShareable(response)) return null;
      const headers: Array<[string, string]> = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      const page = { status: response.status, headers, body: await response.text(), nonce };
      if (Buffer.byteLength(page.body) <= options.maxBytes) pages.set(key, page);
      return page;
    },
    send(res, page, nonce) {
      for (const [name, value] of page.headers) res.append(name, value);
      res.status(page.status).send(page.nonce === nonce ? page.body : page.body.split(page.nonce).join(nonce));
    },
    clear() {
      pages.clear();
    },
  };

  function skip(): null {
    options.onResult?.('skip');
    return null;
  }
}

/** A 200 HTML page that sets no cookie and varies on nothing the key does not hold. */
function isShareable(response: globalThis.Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  const headers = response.headers;
  if (!/^text\/html\b/i.test(headers.get('content-type') ?? '')) return false;
  if (headers.has('set-cookie') || headers.has('vary')) return false;
  return true;
}

/**
 * The values of the shared cookies in a Cookie header, as one string; null when the header holds
 * any other cookie (the request is someone's own and its page is rendered for it alone).
 */
export function sharedCookieValues(header: string | undefined, shared: Set<string>): string | null {
  if (!header) return '';
  const values: string[] = [];
  for (const part of header.split(';')) {
    const pair = part.trim();
    if (!pair) continue;
    const at = pair.indexOf('=');
    const name = (at < 0 ? pair : pair.slice(0, at)).trim();
    if (!shared.has(name)) return null;
    values.push(`${name}=${at < 0 ? '' : pair.slice(at + 1).trim()}`);
  }
  return values.sort().join('; ');
}
