import type { Redis } from 'ioredis';
import { invalid, rateLimited } from '../../errors.ts';
import { verifyPassword } from '../../lib/auth/password.ts';
import { addressKey } from '../../lib/http/limits.ts';
import { WRONG_PASSWORD_FIELD } from '../../../shared/messages.ts';

/** The longest a throttled account makes a new address wait between two attempts. */
const MAX_DELAY_MS = 5 * 60 * 1000;

/** An account's or an address's failed logins in the current window: how many, when the last one was, when it ends. */
export interface Failures {
  count: number;
  lastAt: number;
  until: number;
}

/** Where failures are counted: in this process's memory, or in Redis, shared by every process (REDIS_URL). */
export interface FailureStore {
  read(key: string): Promise<Failures | null>;
  /** Counts one failure at `now`; the window starts at the first and ends `windowMs` after it. */
  add(key: string, now: number, windowMs: number): Promise<void>;
}

/**
 * Failed logins per account (the account id, whatever name or case was typed; the lower-cased name when it names
 * nobody, so that a throttle never tells whether an account exists). Below `max` failures in `windowMs` nothing
 * happens; from then on, an address the account has logged in from before is not slowed at all, and any other
 * address may try once per delay after the last failure, doubling from one second up to five minutes.
 */
export class LoginThrottle {
  private readonly store: FailureStore;
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  constructor(opts: { max: number; windowMs: number; store?: FailureStore }, now: () => number = Date.now) {
    this.max = opts.max;
    this.windowMs = opts.windowMs;
    this.store = opts.store ?? new MemoryFailures(now);
    this.now = now;
  }

  /** Milliseconds this attempt must wait (0: it may go ahead). */
  async wait(key: string, knownAddress: boolean): Promise<number> {
    if (knownAddress) return 0;
    const entry = await this.store.read(key);
    if (!entry || entry.count < this.max) return 0;
    const delay = Math.min(1000 * 2 ** (entry.count - this.max), MAX_DELAY_MS);
    return Math.max(0, entry.lastAt + delay - this.now());
  }

  failed(key: string): Promise<void> {
    return this.store.add(key, this.now(), this.windowMs);
  }

  /**
   * The password a member types inside their session before a grave change (turning the second factor off, removing a
   * passkey, closing the account): wrong ones count under `key` like a login's (past the limit, a 429 about `what`),
   * and are refused at the `password` field.
   */
  async checkPassword(key: string, what: string, passwordHash: string, password: string): Promise<void> {
    const wait = await this.wait(key, false);
    if (wait > 0) throw rateLimited(what, wait);
    if (await verifyPassword(password, passwordHash)) return;
    await this.failed(key);
    throw invalid({ password: WRONG_PASSWORD_FIELD });
  }
}

/**
 * Failed logins per client address (IPv6 by its /64, lib/http/limits.ts `addressKey`): past `max` in the window, every
 * attempt from there is refused until the window ends. Successful logins are not counted, so an office or a proxy
 * that many members share is not locked out by people who typed their password right.
 */
export class AddressLimit {
  private readonly store: FailureStore;
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  constructor(opts: { max: number; windowMs: number; store: FailureStore }, now: () => number = Date.now) {
    this.store = opts.store;
    this.max = opts.max;
    this.windowMs = opts.windowMs;
    this.now = now;
  }

  private key = (address: string) => `address:${addressKey(address)}`;

  /** Milliseconds an attempt from this address must wait (0: it may go ahead). */
  async wait(address: string): Promise<number> {
    const entry = await this.store.read(this.key(address));
    return entry && entry.count >= this.max ? Math.max(1000, entry.until - this.now()) : 0;
  }

  failed(address: string): Promise<void> {
    return this.store.add(this.key(address), this.now(), this.windowMs);
  }
}

/** Failures in this process's memory (one process: the embedded database, or no REDIS_URL). */
export class MemoryFailures implements FailureStore {
  private readonly failures = new Map<string, Failures>();
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  async read(key: string): Promise<Failures | null> {
    const entry = this.live(key);
    return entry && { ...entry };
  }

  async add(key: string, now: number, windowMs: number): Promise<void> {
    const entry = this.live(key);
    if (entry) Object.assign(entry, { count: entry.count + 1, lastAt: now });
    else this.failures.set(key, { count: 1, lastAt: now, until: now + windowMs });
    if (this.failures.size > 10_000) for (const k of [...this.failures.keys()]) this.live(k); // drops the expired ones
  }

  private live(key: string) {
    const entry = this.failures.get(key);
    if (entry && this.now() >= entry.until) {
      this.failures.delete(key);
      return null;
    }
    return entry ?? null;
  }
}

/** One failure, atomically: the count goes up, the last time is set, and the first failure starts the window. */
const ADD = `
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'lastAt', ARGV[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return count`;

/**
 * Failures in Redis, shared by every process: attempts spread over several processes are counted together. While
 * Redis is away nothing is counted (fail open, like the rate limits; the outage is logged once by plugins/redis.ts).
 */
export class RedisFailures implements FailureStore {
  private readonly redis: Redis;
  constructor(redis: Redis) {
    this.redis = redis;
  }

  private key = (key: string) => `tessera:login-failures:${key}`;

  async read(key: string): Promise<Failures | null> {
    const read = await this.redis
      .multi()
      .hmget(this.key(key), 'count', 'lastAt')
      .pttl(this.key(key))
      .exec()
      .catch(() => null);
    const [count, lastAt] = (read?.[0]?.[1] as (string | null)[] | undefined) ?? [];
    return count ? { count: Number(count), lastAt: Number(lastAt), until: Date.now() + Math.max(0, Number(read![1]![1])) } : null;
  }

  async add(key: string, now: number, windowMs: number): Promise<void> {
    await this.redis.eval(ADD, 1, this.key(key), String(now), String(windowMs)).catch(() => 0);
  }
}
