import type { AdminItem } from '../../../shared/admin/resource.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { SiteChanges } from '../../lib/runtime/site-changes.ts';
import type { ContentChanges } from './content-writes.ts';

export const PUBLISH_QUEUE = 'publish';

interface PublishJob {
  resource: string;
  id: string;
  at: string;
}

/**
 * Scheduled publishing. A scheduled item is public from its time on by itself (the public lists compare that time with
 * now); what has to happen *at* that time is that every process drops the pages it cached without the item. The queue
 * runs a job then, in whichever process works it, and the change reaches the others through the site changes.
 */
export class PublicationJobs {
  private readonly queue: JobQueue;
  private readonly changes: SiteChanges;
  constructor(queue: JobQueue, changes: SiteChanges) {
    this.queue = queue;
    this.changes = changes;
  }

  async define(): Promise<void> {
    await this.queue.define(PUBLISH_QUEUE, { policy: 'exclusive', retryLimit: 5, retryBackoff: true });
  }

  work(): Promise<void> {
    return this.queue.work<PublishJob>(PUBLISH_QUEUE, 1, async () => this.changes.publish('content'));
  }

  /** After a save: an item scheduled for later gets its job (once per item and time). */
  async saved(resource: string, item: AdminItem): Promise<void> {
    if (item.state !== 'scheduled' || typeof item.publishAt !== 'string') return;
    const job: PublishJob = { resource, id: item._id, at: item.publishAt };
    await this.queue.send(PUBLISH_QUEUE, job, { startAfter: new Date(item.publishAt), singletonKey: `${resource}:${item._id}:${item.publishAt}` });
  }
}

/**
 * What the server tells after a content write committed (content-writes.ts `ContentChanges`): every process empties
 * its pages (the `content` site change), and an item scheduled for later gets its publishing job.
 */
export const contentChanges = (changes: SiteChanges, publication: () => PublicationJobs): ContentChanges => ({
  async saved(resource, item) {
    changes.publish('content');
    if (item) await publication().saved(resource, item);
  },
});
