import type { FastifyBaseLogger } from 'fastify';

/** How often a lost database is asked whether it is back. */
const PROBE_EVERY_MS = 1000;

/**
 * How a lost database shows in the log: one warning when the outage starts (the first failed request or dropped
 * connection noticed), one line when the database answers again, with how long it was away and how many requests were
 * answered 503 meanwhile; nothing in between. (Each failing request used to log a warning of its own with its SQL and
 * its parameters, a session token's hash among them: thousands of lines a second under load.) While the outage lasts
 * the database is asked `select 1` once a second; its first answer ends the outage.
 */
export class DatabaseOutage {
  private since: number | null = null;
  private failedRequests = 0;
  private droppedConnections = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly log: FastifyBaseLogger;
  /** Resolves when the database answers. */
  private readonly probe: () => Promise<unknown>;
  private readonly probeEveryMs: number;

  constructor(log: FastifyBaseLogger, probe: () => Promise<unknown>, probeEveryMs = PROBE_EVERY_MS) {
    this.log = log;
    this.probe = probe;
    this.probeEveryMs = probeEveryMs;
  }

  /** A request failed because the database connection was lost (it is answered 503). */
  requestFailed(err: unknown): void {
    this.failedRequests++;
    this.begin('The database is unavailable: requests are answered 503 DATABASE_UNAVAILABLE until it answers again', err);
  }

  /** PostgreSQL ended one of the pool's connections (a restart, pg_terminate_backend, a network blip). */
  connectionDropped(err: unknown): void {
    this.droppedConnections++;
    this.begin('PostgreSQL dropped a connection; the pool discards it and opens another', err);
  }

  /** Whether an outage is going on (a failure was noticed and the database has not answered since). */
  get ongoing(): boolean {
    return this.since !== null;
  }

  /** No more probes (the app closes). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private begin(message: string, err: unknown): void {
    if (this.since !== null || this.stopped) return;
    this.since = Date.now();
    this.log.warn({ reason: reasonOf(err) }, message);
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.probe().then(
        () => this.end(),
        () => {
          if (!this.stopped) this.scheduleProbe();
        },
      );
    }, this.probeEveryMs);
    this.timer.unref();
  }

  private end(): void {
    if (this.since === null || this.stopped) return;
    const seconds = Math.round((Date.now() - this.since) / 100) / 10;
    const failedRequests = this.failedRequests;
    const droppedConnections = this.droppedConnections;
    this.since = null;
    this.failedRequests = 0;
    this.droppedConnections = 0;
    // At the start's level, so that a log read at `warn` shows the outage's end (and its toll) too.
    this.log.warn(
      { seconds, failedRequests, droppedConnections },
      `The database answers again after ${seconds} s: ${failedRequests} request${failedRequests === 1 ? ' was' : 's were'} answered 503 meanwhile`,
    );
  }
}

/**
 * What went wrong, without the statement or its parameters: the innermost cause's code and message (the network's or
 * PostgreSQL's own words, e.g. `ECONNREFUSED`, `57P01 terminating connection due to administrator command`).
 */
export function reasonOf(err: unknown): string {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  for (let depth = 0; depth < 4 && e?.cause; depth++) e = e.cause as typeof e;
  if (!e) return 'unknown';
  // A refused connection to a name with several addresses is an AggregateError: its own message is empty.
  const inner = !e.message && Array.isArray(e.errors) ? (e.errors[0] as typeof e) : e;
  const code = typeof inner?.code === 'string' ? inner.code : '';
  const message = typeof inner?.message === 'string' ? inner.message : '';
  return [code, message].filter(Boolean).join(' ') || 'unknown';
}
