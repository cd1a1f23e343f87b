import { HourlyJob } from '../../lib/jobs/hourly.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { DATA_EXPORT_QUEUE, type DataExportService } from './data-export.service.ts';

export const DATA_EXPORT_SWEEP_QUEUE = 'data-export-sweep';

/**
 * The jobs of "Download my data": each export is one job (one at a time per process: an export is long but light on
 * memory; a failed one is retried twice, then marked failed), and once an hour (an HourlyJob) a sweep removes the files
 * whose link has expired.
 */
export class DataExportJobs {
  private readonly queue: JobQueue;
  private readonly exports: DataExportService;
  private readonly sweep: HourlyJob;
  constructor(queue: JobQueue, exports: DataExportService) {
    this.queue = queue;
    this.exports = exports;
    this.sweep = new HourlyJob(queue, DATA_EXPORT_SWEEP_QUEUE, () => exports.sweep());
  }

  async define(): Promise<void> {
    await this.queue.define(DATA_EXPORT_QUEUE, { retryLimit: 2, retryBackoff: true });
    await this.sweep.define();
  }

  async work(): Promise<void> {
    await this.queue.work<{ id: string }>(DATA_EXPORT_QUEUE, 1, (data, attempt) => this.exports.run(data.id, attempt.last));
    await this.sweep.work();
  }
}
