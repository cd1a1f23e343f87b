import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Compressed copies, each made once, when a client first asks for it (bodyIn). */
  br?: Buffer;
  gzip?: Buffer;
  /** A strong validator of the body (its encodings share it: they are the same bytes once decoded). */
  etag: string;
  /** Served to members as well (a page rendered the same for everyone); otherwise to anonymous visitors only. */
  shared: boolean;
  storedAt: number;
}

export interface ResponseCacheOptions {
  /** How long a page is served from memory. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

/**
 * Whole responses kept in memory under their URL, for the two caches built on it: the page cache (`app.pageCache`: page
 * HTML for anonymous visitors, and for members where the page is shared) and the answer cache (`app.answerCache`: the
 * catalogue's anonymous API answers). Bounded by entries and bytes (least recently used goes first), expiring after
 * `ttlMs`, emptied when content or settings change. Each response is kept with its Brotli and gzip forms once asked
 * for (an answer only the site's own server reads is never compressed); its size counts them from the start.
 */
export class ResponseCache {
  private readonly pages = new Map<string, CachedResponse>();
  private bytes = 0;
  private readonly opts: ResponseCacheOptions;
  hits = 0;
  misses = 0;
  constructor(opts: ResponseCacheOptions) {
    this.opts = opts;
  }

  /** The page under `key`, unless it has expired or is for visitors only and `member` asks. */
  get(
    key: string,
    { member = false, now = Date.now(), countMiss = true }: { member?: boolean; now?: number; countMiss?: boolean } = {},
  ): CachedResponse | null {
    const page = this.pages.get(key);
    if (!page || now - page.storedAt > this.opts.ttlMs || (member && !page.shared)) {
      if (page && now - page.storedAt > this.opts.ttlMs) this.delete(key);
      if (countMiss) this.misses++;
      return null;
    }
    // Most recently used last.
    this.pages.delete(key);
    this.pages.set(key, page);
    this.hits++;
    return page;
  }

  set(key: string, page: Omit<CachedResponse, 'br' | 'gzip' | 'etag' | 'shared' | 'storedAt'> & { shared?: boolean }, now = Date.now()): CachedResponse {
    const stored: CachedResponse = {
      ...page,
      shared: page.shared ?? false,
      etag: `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 27)}"`,
      storedAt: now,
    };
    this.delete(key);
    this.pages.set(key, stored);
    this.bytes += size(stored);
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.delete(oldest);
    }
    return stored;
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.pages.size;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= size(page);
  }
}

/** The body and room for its two compressed forms (never larger than the body on a page or a JSON answer). */
const size = (p: CachedResponse) => 2 * p.body.length;

export type Encoding = 'br' | 'gzip' | 'identity';

/** The page's bytes in `encoding` (`identity`: as stored), compressed at the first request for it. */
export function bodyIn(page: CachedResponse, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return (page.br ??= brotliCompressSync(page.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    }));
  if (encoding === 'gzip') return (page.gzip ??= gzipSync(page.body, { level: 9 }));
  return page.body;
}

/** The page's bytes in the best encoding the client accepts. */
export function encodedBody(page: CachedResponse, acceptEncoding: string | undefined): { encoding: Encoding; body: Buffer } {
  const encoding = pickEncoding(acceptEncoding);
  return { encoding, body: bodyIn(page, encoding) };
}

/** The best encoding the client accepts among ours. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
