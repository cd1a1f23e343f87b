import { PgBoss, type JobWithMetadata, type Queue, type SendOptions } from 'pg-boss';
import { connectionLost, type Database } from '../../db/client.ts';

/** What a handler is told about the attempt it runs. */
export interface Attempt {
  id: string;
  /** 0 for the first attempt. */
  retryCount: number;
  /** True when a failure now is final (no retry follows). */
  last: boolean;
  /** Aborted when the queue stops (the job then goes back to be picked up again). */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, attempt: Attempt) => Promise<void>;

export interface JobCounts {
  queued: number;
  active: number;
}

export interface JobQueueOptions {
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /**
   * How often (seconds) the queue's supervisor looks for jobs whose worker stopped sending heartbeats (a process killed
   * mid-job) and hands them out again; default 10.
   */
  superviseSeconds?: number;
}

/** pg-boss's start tries again after 1, 2, 4 … 30 s between attempts: about a day of an unreachable database. */
const START_ATTEMPTS = 3000;

/**
 * The job queue: pg-boss in the site's own database (PostgreSQL, or PGlite in one process). Jobs are retried with
 * backoff, outlive the process that sent them, and a job whose worker died (kill -9, a crash) is picked up again once
 * its heartbeat is missed. Any process with the database can send; the processes that `work` a queue run its jobs.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  /** True when no other process can share the queue (PGlite): a job found running at start was orphaned by a crash. */
  private readonly alone: boolean;
  private readonly queues = new Map<string, Promise<void>>();
  private stopped = false;
  private readonly go = Promise.withResolvers<void>();
  private begun = false;
  /**
   * Settles once pg-boss has started (its schema checked, its supervisor running): every call waits for it. A database
   * that cannot be reached at that moment (lost in the first seconds after the server's start) is tried again, after
   * 1, 2, 4 … 30 s, until it answers or the queue stops: the jobs wait meanwhile, they are not lost for the process's life.
   */
  private readonly started: Promise<void>;

  private constructor(boss: PgBoss, alone: boolean, log: JobQueueOptions['log']) {
    this.boss = boss;
    this.alone = alone;
    this.started = this.go.promise.then(() => boss.start({ attempts: START_ATTEMPTS })).then(() => {});
    this.started.catch((err: unknown) => log.error({ err }, 'the job queue could not start'));
  }

  /**
   * The queue, ready to start: pg-boss starts at `begin()` (the app calls it once ready, so that its queries do not
   * share the CPU with the server's own start: ~0.2 s of a restart), or at the first send or work before that. Queues
   * defined meanwhile are made once it has started.
   */
  static start(database: Database, opts: JobQueueOptions): JobQueue {
    const superviseSeconds = opts.superviseSeconds ?? 10;
    const boss = new PgBoss({
      ...database.jobs,
      schedule: false,
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
      openTelemetry: { enabled: false },
    } as ConstructorParameters<typeof PgBoss>[0]);
    // A lost connection is the database's outage, logged once by whoever watches it (app.ts), not at every poll.
    boss.on('error', (err) => (connectionLost(err) ? database.onConnectionError(err) : opts.log.error({ err }, 'job queue error')));
    return new JobQueue(boss, database.kind === 'pglite', opts.log);
  }

  /**
   * Creates a queue (once; later calls only make sure it exists) with its retry and expiry policy. On the embedded
   * database, whose only process is this one, a job still marked running was cut off by a crash or a kill: it is
   * failed and retried at once, rather than after its missed heartbeats are noticed and the retry delay has passed.
   */
  define(name: string, options: Omit<Queue, 'name'>): Promise<void> {
    const defined = this.queues.get(name) ?? this.create(name, options);
    this.queues.set(name, defined);
    return defined;
  }

  private async create(name: string, options: Omit<Queue, 'name'>): Promise<void> {
    await this.started;
    if (!(await this.boss.getQueue(name))) {
      await this.boss.createQueue(name, options).catch(async (err) => {
        // Another process created it meanwhile.
        if (!(await this.boss.getQueue(name))) throw err;
      });
    } else if (this.alone) {
      const orphans = (await this.boss.findJobs(name)).filter((job) => job.state === 'active');
      if (orphans.length) {
        const ids = orphans.map((job) => job.id);
        await this.boss.fail(name, ids, { reason: 'the process running it stopped' });
        // Retried now, not after the queue's retry delay: nothing was wrong with the job itself.
        for (const id of ids) await this.boss.update(name, undefined, { id, startAfter: new Date() });
      }
    }
  }

  /** Starts pg-boss (once). */
  begin(): void {
    this.begun = true;
    this.go.resolve();
  }

  /** Once the queue `name` exists (pg-boss started, the queue defined by this process). */
  private async ready(name: string): Promise<void> {
    this.begin();
    await this.started;
    await this.queues.get(name);
  }

  /** Sends a job; null when a job with the same singleton key is already waiting. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.ready(name);
    return this.boss.send(name, data, options);
  }

  /** Runs the queue's jobs in this process, at most `concurrency` at once. */
  async work<T extends object>(name: string, concurrency: number, handler: JobHandler<T>): Promise<void> {
    if (concurrency < 1) return;
    await this.ready(name);
    await this.boss.work<T>(name, { localConcurrency: concurrency, includeMetadata: true, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs as JobWithMetadata<T>[]) {
        await handler(job.data, { id: job.id, retryCount: job.retryCount, last: job.retryCount >= job.retryLimit, signal: job.signal });
      }
    });
  }

  /**
   * A queue's jobs waiting (to run, or to be retried) and running now, of those whose data contains `data`; read from
   * the jobs themselves (pg-boss's queue statistics lag by its monitoring interval).
   */
  async pending(name: string, data?: object): Promise<JobCounts> {
    await this.ready(name);
    const jobs = await this.boss.findJobs(name, { ...(data ? { data } : {}), limit: 1000 });
    const count = (...states: string[]) => jobs.filter((job) => states.includes(job.state)).length;
    return { queued: count('created', 'retry'), active: count('active') };
  }

  /** Stops working and sending: running jobs are told to stop and go back to the queue for the next process. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.begun) return; // Never started: nothing to stop.
    // Also ends a start still trying to reach the database (its error is logged, and every waiting call fails with it).
    await this.boss.stop({ graceful: true, timeout: 5000, close: true });
  }
}
