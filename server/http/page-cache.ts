/**
 * Rendered pages kept for a few seconds (issue 16): a visitor's public pages (decision 050), the
 * same for everyone who asks for the same address in the same language. A debtor's own pages are
 * rendered for every request (decision 074). The first request renders a page, the next ones with
 * the same key within `ttlMs` get the same HTML with their own CSP nonce put in. Pages stay
 * `no-store` for the browser (decision 012); this only spares the server the rendering.
 *
 * Whose request shares which page is the lookup's business (`visitorPages` below);
 * what is kept is decided here: only a 200 HTML answer that sets no cookie and says `Vary` on
 * nothing, no larger than `maxBytes`. Anything but a GET, a refused request, a redirect, an error,
 * data (`.data`) and files go through untouched.
 *
 * A visitor's page: the key holds the host the page was built for (no Host header can put its
 * page in another host's entry), the full address with its query, Accept-Language, the consent and
 * language choices, and the maintenance file as it was read (a switched maintenance mode is a new
 * key, at once). A visitor who carries any other cookie (a session, the chat, a bank-ID flow, the
 * review desk) gets a page rendered for them alone.
 */
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

/**
 * The values that differ between two answers of one kept page, as they appear in its HTML: each
 * is replaced by the request's own when the page is sent again.
 */
export interface PageMarks {
  /** The CSP nonce (a fresh 16-byte random value per request, so no other text matches it). */
  nonce: string;
}

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** The values the page was rendered with; replaced by each request's own. */
  marks: PageMarks;
}

/** Which kept page a request may be answered with. */
export interface PageLookup {
  key: string;
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
  /** The key for this request, or null when its answer must be rendered for it alone. */
  lookup: (req: Request, res: Response) => Promise<PageLookup | null>;
  onResult?: (result: 'hit' | 'miss' | 'skip') => void;
  /** The clock the time limit runs on, in milliseconds (default: performance.now); tests pass a fake one. */
  now?: () => number;
}

export interface PageCache {
  /** The key for this request, or null when its answer must be rendered for it alone. */
  keyFor(req: Request, res: Response): Promise<PageLookup | null>;
  get(lookup: PageLookup): CachedPage | undefined;
  /**
   * Keeps a rendered answer if it is a shareable page and hands it back to be sent (its body is
   * read); null when it is not one (its body is untouched).
   */
  keep(lookup: PageLookup, response: globalThis.Response, marks: PageMarks): Promise<CachedPage | null>;
  send(res: Response, page: CachedPage, marks: PageMarks): void;
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
    // A given clock is read on every check (no cached reading between two of its ticks).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });

  return {
    async keyFor(req, res) {
      const lookup = req.method === 'GET' && !res.locals.refusal ? await options.lookup(req, res) : null;
      if (!lookup) options.onResult?.('skip');
      return lookup;
    },
    get(lookup) {
      const page = pages.get(lookup.key);
      options.onResult?.(page ? 'hit' : 'miss');
      return page;
    },
    async keep(lookup, response, marks) {
      if (!isShareable(response)) return null;
      const headers: Array<[string, string]> = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      const page = { status: response.status, headers, body: await response.text(), marks };
      if (Buffer.byteLength(page.body) <= options.maxBytes) pages.set(lookup.key, page);
      return page;
    },
    send(res, page, marks) {
      for (const [name, value] of page.headers) res.append(name, value);
      res.status(page.status).send(withMarks(page.body, page.marks, marks));
    },
    clear() {
      pages.clear();
    },
  };
}

/** A page's HTML with each mark it was rendered with replaced by this request's value. */
export function withMarks(body: string, rendered: PageMarks, request: PageMarks): string {
  return rendered.nonce === request.nonce ? body : body.split(rendered.nonce).join(request.nonce);
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
 * A visitor's public pages: shared by every request for the same address, host, language and
 * choices, as long as the request carries no cookie but the `sharedCookies` (decision 050).
 */
export function visitorPages(options: {
  /** Cookie names a visitor may carry and still share the pages (their values are part of the key). */
  sharedCookies: string[];
  /** Something that changes whenever the maintenance switch does (part of the key). */
  maintenanceStamp: () => Promise<string>;
}): PageCacheOptions['lookup'] {
  const shared = new Set(options.sharedCookies);
  return async (req) => {
    const choices = sharedCookieValues(req.headers.cookie, shared);
    if (choices === null) return null;
    const host = req.get('host') ?? '';
    const stamp = await options.maintenanceStamp();
    return {
      key: [req.protocol, host, req.originalUrl, req.get('accept-language') ?? '', choices, stamp].join('\n'),
    };
  };
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
