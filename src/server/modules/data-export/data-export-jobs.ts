import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { DATA_EXPORT_QUEUE, type DataExportService } from './data-export.service.ts';

export const DATA_EXPORT_SWEEP_QUEUE = 'data-export-sweep';
const HOUR = 3600_000;

/**
 * The jobs of "Download my data": each export is one job (one at a time per process: an export is long but light on
 * memory; a failed one is retried twice, then marked failed), and once an hour a sweep removes the files whose link
 * has expired. The sweep chains itself hour after hour as the trash's purge does (content/trash-jobs.ts): each run
 * first queues the next, keyed by its hour, so restarts and two processes never drop or double it.
 */
export class DataExportJobs {
  private readonly queue: JobQueue;
  private readonly exports: DataExportService;
  constructor(queue: JobQueue, exports: DataExportService) {
    this.queue = queue;
    this.exports = exports;
  }

  async define(): Promise<void> {
    await this.queue.define(DATA_EXPORT_QUEUE, { retryLimit: 2, retryBackoff: true });
    await this.queue.define(DATA_EXPORT_SWEEP_QUEUE, { policy: 'exclusive', retryLimit: 3, retryBackoff: true });
  }

  async work(): Promise<void> {
    await this.queue.work<{ id: string }>(DATA_EXPORT_QUEUE, 1, (data, attempt) => this.exports.run(data.id, attempt.last));
    await this.queue.work(DATA_EXPORT_SWEEP_QUEUE, 1, async () => {
      await this.queueNextSweep();
      await this.exports.sweep();
    });
    await this.queueNextSweep();
  }

  /** Queues the sweep of the hour after `now` (dropped when it is already waiting). */
  queueNextSweep(now = Date.now()): Promise<string | null> {
    const hour = Math.floor(now / HOUR) + 1;
    return this.queue.send(DATA_EXPORT_SWEEP_QUEUE, {}, { startAfter: new Date(hour * HOUR), singletonKey: `sweep:${hour}` });
  }
}
