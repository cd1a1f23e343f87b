import type { JobQueue } from './job-queue.ts';

const HOUR = 3600_000;

/**
 * A job run once an hour (the trash's purge, expired data exports, accounts due for erasure). One job per hour: it is
 * sent for the coming hour with the hour in its singleton key (an `exclusive` queue keeps one per key), by every
 * process as it starts and by each run before it works, so the chain outlives restarts, crashes and failed runs, and
 * two processes never queue the same hour twice. pg-boss's own cron stays off (no polling for it).
 */
export class HourlyJob {
  private readonly queue: JobQueue;
  readonly name: string;
  private readonly run: () => Promise<unknown>;
  constructor(queue: JobQueue, name: string, run: () => Promise<unknown>) {
    this.queue = queue;
    this.name = name;
    this.run = run;
  }

  define(): Promise<void> {
    return this.queue.define(this.name, { policy: 'exclusive', retryLimit: 3, retryBackoff: true });
  }

  /** Works the queue in this process (a run at a time), after making sure the coming hour's run is queued. */
  async work(): Promise<void> {
    await this.queue.work(this.name, 1, async () => {
      // The next hour's first: a failure below cannot end the chain.
      await this.queueNext();
      await this.run();
    });
    await this.queueNext();
  }

  /** Queues the run of the hour after `now` (dropped when it is already waiting). */
  queueNext(now = Date.now()): Promise<string | null> {
    const hour = Math.floor(now / HOUR) + 1;
    return this.queue.send(this.name, {}, { startAfter: new Date(hour * HOUR), singletonKey: `sweep:${hour}` });
  }
}
