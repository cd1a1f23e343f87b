/** The longest a throttled account makes a new address wait between two attempts. */
const MAX_DELAY_MS = 5 * 60 * 1000;

interface Failures {
  count: number;
  since: number;
  /** When a new address may try again, once `count` reached the limit. */
  nextAt: number;
}

/**
 * Failed logins per account (the account id, whatever name or case was typed; the lower-cased name when it names
 * nobody, so that a throttle never tells whether an account exists). Below `max` failures in `windowMs` nothing
 * happens; from then on, an address the account has logged in from before is not slowed at all, and any other
 * address may try once per delay, doubling from one second up to five minutes. In memory, per process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  constructor(opts: { max: number; windowMs: number }, now: () => number = Date.now) {
    this.max = opts.max;
    this.windowMs = opts.windowMs;
    this.now = now;
  }

  /** Milliseconds this attempt must wait (0: it may go ahead). */
  wait(key: string, knownAddress: boolean): number {
    const entry = this.current(key);
    if (!entry || entry.count < this.max || knownAddress) return 0;
    return Math.max(0, entry.nextAt - this.now());
  }

  failed(key: string): void {
    const now = this.now();
    const entry = this.current(key) ?? { count: 0, since: now, nextAt: 0 };
    entry.count++;
    if (entry.count >= this.max) entry.nextAt = now + Math.min(1000 * 2 ** (entry.count - this.max), MAX_DELAY_MS);
    this.failures.set(key, entry);
    if (this.failures.size > 10_000) for (const k of [...this.failures.keys()]) this.current(k); // drops the expired ones
  }

  private current(key: string): Failures | null {
    const entry = this.failures.get(key);
    if (entry && this.now() - entry.since > this.windowMs) {
      this.failures.delete(key);
      return null;
    }
    return entry ?? null;
  }
}
