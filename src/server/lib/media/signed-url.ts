import { createHmac, timingSafeEqual } from 'node:crypto';

/** Links are valid for at least this long. */
const TTL_SECONDS = 3600;
/** Expiry times are rounded up to this step, so a page shows the same links for a while (cacheable HTML and images). */
const STEP_SECONDS = 3600;

export interface SignedParams {
  /** Expiry, Unix seconds. */
  e: string;
  /** Signature. */
  s: string;
  /** Download file name (sent as Content-Disposition: attachment), when the link is a download. */
  d?: string;
}

/** Signs and checks `/media/<key>?e=&s=[&d=]` links with the application secret (HMAC-SHA256). */
export class MediaSigner {
  private readonly secret: string;
  private readonly now: () => number;
  constructor(secret: string, now: () => number = Date.now) {
    this.secret = secret;
    this.now = now;
  }

  private signature(key: string, e: string, d: string | undefined): string {
    return createHmac('sha256', this.secret)
      .update(`${key}\n${e}\n${d ?? ''}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** A link to one stored file, valid for `ttlSeconds` (at least) from now. */
  url(key: string, opts: { ttlSeconds?: number; download?: string } = {}): string {
    return `/media/${key}?${this.params(key, opts)}`;
  }

  /** The signed query (`e`, `s`, `d`) for any subject: a storage key, or another resource such as a download. */
  params(subject: string, opts: { ttlSeconds?: number; download?: string } = {}): URLSearchParams {
    const nowS = Math.floor(this.now() / 1000);
    const ttl = opts.ttlSeconds ?? TTL_SECONDS;
    const e = String(opts.ttlSeconds ? nowS + ttl : Math.ceil((nowS + ttl) / STEP_SECONDS) * STEP_SECONDS);
    const params = new URLSearchParams({ e, s: this.signature(subject, e, opts.download) });
    if (opts.download) params.set('d', opts.download);
    return params;
  }

  /** 'ok', or why the link is refused. */
  verify(key: string, params: Partial<SignedParams>): 'ok' | 'unsigned' | 'expired' | 'tampered' {
    if (typeof params.e !== 'string' || typeof params.s !== 'string') return 'unsigned';
    if (!/^\d{1,12}$/.test(params.e)) return 'tampered';
    const expected = Buffer.from(this.signature(key, params.e, params.d));
    const given = Buffer.from(params.s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
    if (Number(params.e) * 1000 < this.now()) return 'expired';
    return 'ok';
  }

  /** Seconds until the link's expiry (for Cache-Control). */
  secondsLeft(params: SignedParams): number {
    return Math.max(0, Number(params.e) - Math.floor(this.now() / 1000));
  }
}
