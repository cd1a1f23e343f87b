import type { Db } from '../../db/client.ts';
import { HourlyJob } from '../../lib/jobs/hourly.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { expiredInTrash, purgeFromTrash, TRASH_TABLES, type Purged } from './trash.ts';

export const TRASH_QUEUE = 'trash-purge';

const HOUR = 3600_000;
/** Items purged per table and query; a sweep goes on until none is left. */
const BATCH = 100;

export interface TrashJobsOptions {
  queue: JobQueue;
  db: Db;
  /** TRASH_DAYS: how long an item stays in the trash (0: until purged by hand; no sweeps then). */
  days: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/**
 * The purge of the trash (trash.ts): once an hour (an HourlyJob) a job purges what has been in the trash longer than
 * TRASH_DAYS, each item as "Delete for good" would (erased, or kept as a tombstone for its buyers), each purge in the
 * audit log.
 */
export class TrashJobs {
  private readonly o: TrashJobsOptions;
  private readonly hourly: HourlyJob;
  constructor(options: TrashJobsOptions) {
    this.o = options;
    this.hourly = new HourlyJob(options.queue, TRASH_QUEUE, () => this.sweep());
  }

  define = (): Promise<void> => this.hourly.define();

  /** Works the queue in this process (none when TRASH_DAYS is 0). */
  async work(): Promise<void> {
    if (this.o.days > 0) await this.hourly.work();
  }

  /** Queues the sweep of the hour after `now` (dropped when it is already waiting). */
  queueNext = (now = Date.now()): Promise<string | null> => this.hourly.queueNext(now);

  /**
   * Purges every item in the trash since more than TRASH_DAYS before `now`, oldest first, and says how many went for
   * good and how many were kept for their buyers. The job's work; the tests call it with a time of their own.
   */
  async sweep(now = new Date()): Promise<Record<Purged, number>> {
    const done: Record<Purged, number> = { deleted: 0, kept: 0 };
    if (this.o.days === 0) return done;
    const before = new Date(now.getTime() - this.o.days * 24 * HOUR);
    for (const t of Object.values(TRASH_TABLES)) {
      for (;;) {
        const rows = await expiredInTrash(this.o.db, t, before, BATCH);
        for (const row of rows) {
          // Each purge with its audit entry, in one transaction. Restored or purged by an operator meanwhile: nothing
          // left to do.
          const purged = await this.o.db
            .transaction(async (tx) => {
              const result = await purgeFromTrash(tx, t, row.id);
              await insertAudit(tx, {
                actorId: null,
                actorName: `trash after ${this.o.days} days`,
                resource: t.resource,
                targetId: row.id,
                action: 'purge',
                before: { _id: row.id, title: row.title, slug: row.slug, deletedAt: row.deletedAt.toISOString() },
                after: result === 'kept' ? { _id: row.id, keptForBuyers: true } : null,
              });
              return result;
            })
            .catch((err: { statusCode?: number }) => {
              if (err.statusCode === 404) return null;
              throw err;
            });
          if (purged) done[purged]++;
        }
        if (rows.length < BATCH) break;
      }
    }
    if (done.deleted || done.kept) this.o.log.info({ ...done, days: this.o.days }, 'trash purged');
    return done;
  }
}
