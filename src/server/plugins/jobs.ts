import type { FastifyInstance } from 'fastify';
import { JobQueue } from '../lib/jobs/job-queue.ts';
import { PublicationJobs } from '../modules/content/publication-jobs.ts';
import { TrashJobs } from '../modules/content/trash-jobs.ts';
import { DataExportJobs } from '../modules/data-export/data-export-jobs.ts';
import { HourlyJob } from '../lib/jobs/hourly.ts';
import { MediaPipeline, type UploadSource } from '../modules/media/media-pipeline.ts';

/**
 * The job queue of this process: it can always send jobs; it runs media jobs when MEDIA_WORKERS > 0 (the web process by
 * default, or only `npm run worker`), and scheduled-publishing jobs, members' data exports and the hourly purges of the trash, of expired exports and of closed accounts always (they
 * are short). Stops before the database closes; a job running then goes back to the queue for the next process.
 *
 * pg-boss starts once the app is ready (not before: its queries would share the CPU with the app's start), and the
 * workers then too, without holding the start up: a start answers its first request without waiting for the videos left processing to be queued again (and their
 * transcoding, which would share the CPU, to begin).
 */
export async function registerJobs(app: FastifyInstance, uploads: UploadSource): Promise<void> {
  const queue = JobQueue.start(app.database, { log: app.log, superviseSeconds: app.config.jobs.superviseSeconds });
  const media = new MediaPipeline({
    db: app.database.db,
    storage: app.media.storage,
    queue,
    uploads,
    emit: (rooms, event, ...args) => app.emitToRoom(rooms, event, ...args),
    changes: app.siteChanges,
    log: app.log,
  });
  const publication = new PublicationJobs(queue, app.siteChanges);
  const trash = new TrashJobs({ queue, db: app.database.db, days: app.config.trashDays, log: app.log });
  // Not awaited: the queue starts beside the rest of the start; sends and workers wait for their queue. A failure is
  // reported by the workers' start below (and by the queue), never as an unhandled rejection before it.
  const dataExport = new DataExportJobs(queue, app.services.dataExport);
  // Closed accounts whose grace days are over, erased once an hour.
  const accountErasure = new HourlyJob(queue, 'account-erasure', () => app.services.accountClosure.sweep());
  const defined = Promise.all([media.define(), publication.define(), trash.define(), dataExport.define(), accountErasure.define()]);
  defined.catch(() => {});
  app.decorate('jobs', { queue, media, publication, trash, dataExport, accountErasure });
  let working: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    queue.begin();
    working = (async () => {
      await defined;
      await media.resume();
      await media.work(app.config.jobs.mediaWorkers);
      await publication.work();
      await trash.work();
      await dataExport.work();
      await accountErasure.work();
    })().catch((err: unknown) => app.log.error({ err }, 'the job workers could not start'));
  });
  app.addHook('onClose', async () => {
    await working;
    await queue.stop();
  });
}
