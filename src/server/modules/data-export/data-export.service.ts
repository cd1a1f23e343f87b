import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { uniqueViolation, type Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { hashSecret, newSecret } from '../../lib/auth/secrets.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { SiteMail } from '../mail/mailer.ts';
import { DATA_EXPORT_HOURS, DATA_EXPORT_QUEUED, type DataExport } from '../../../shared/contracts/data-export.ts';
import { dataExportRoute } from '../../../shared/routes.ts';
import { exportEntries } from './export-entries.ts';
import {
  expiredExports,
  failStaleExports,
  findExport,
  findMember,
  insertExport,
  latestExport,
  startExport,
  updateExport,
  type DataExportRow,
} from './data-export.repository.ts';
import { writeZip } from './zip-file.ts';

export const DATA_EXPORT_QUEUE = 'data-export';
const HOUR = 3600_000;
/** Expired files removed per query of a sweep. */
const SWEEP_BATCH = 100;

const MESSAGES: Record<DataExportRow['state'], string> = {
  queued: DATA_EXPORT_QUEUED,
  running: DATA_EXPORT_QUEUED,
  ready: 'Your data is ready: we e-mailed you a link to download it.',
  failed: 'We could not gather your data. Please ask again.',
};

const toExport = (row: DataExportRow): DataExport => ({
  _id: row.id,
  state: row.state,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  message:
    row.state === 'ready' && row.expiresAt && row.expiresAt <= new Date()
      ? 'Your last download link has expired. Ask again for a new one.'
      : MESSAGES[row.state],
});

export interface DataExportOptions {
  db: Db;
  storage: Storage;
  /** The job queue (made after the services: read when a request is queued). */
  queue: () => JobQueue;
  mail: SiteMail;
  log: FastifyBaseLogger;
}

/**
 * "Download my data" (issue 36): a member asks, a job writes every row of theirs and their pictures into one zip in
 * storage (streamed: read in keyset batches, written through a temporary file, never whole in memory), and mails a link
 * that works for 24 hours, only with its secret and only in its owner's session. One export at a time per member.
 */
export class DataExportService {
  private readonly o: DataExportOptions;
  constructor(options: DataExportOptions) {
    this.o = options;
  }

  /** Queues an export of the member's data; 409 while one of theirs is queued or running. */
  async request(userId: string): Promise<DataExport> {
    const row = await insertExport(this.o.db, userId).catch((err: unknown) => {
      if (uniqueViolation(err) === 'data_exports_one_running_key')
        throw conflict('Your data is already being gathered: we’ll e-mail you when it’s ready. You can ask again once it is.', 'EXPORT_RUNNING');
      throw err;
    });
    try {
      await this.o.queue().send(DATA_EXPORT_QUEUE, { id: row.id });
    } catch (err) {
      // Not queued: not left blocking the next request either.
      await updateExport(this.o.db, row.id, { state: 'failed' });
      throw err;
    }
    return toExport(row);
  }

  /** The member's newest export, or null. */
  async latest(userId: string): Promise<DataExport | null> {
    const row = await latestExport(this.o.db, userId);
    return row && toExport(row);
  }

  /**
   * The job's work: writes the zip into storage under a private key, marks it ready for 24 hours, and mails its owner
   * the link. `last`: a failure now is final (the export is marked failed, so the member can ask again).
   */
  async run(id: string, last = true): Promise<void> {
    const row = await startExport(this.o.db, id);
    if (!row) return; // Done (or gone with its member) meanwhile.
    const member = await findMember(this.o.db, row.userId);
    if (!member) return;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-export-'));
    try {
      const file = path.join(dir, 'export.zip');
      const size = await writeZip(file, exportEntries({ db: this.o.db, storage: this.o.storage }, member));
      const key = `exports/${member.id}/${id}.zip`;
      await this.o.storage.putFile(key, file, 'application/zip');
      const secret = newSecret();
      const expiresAt = new Date(Date.now() + DATA_EXPORT_HOURS * HOUR);
      await updateExport(this.o.db, id, { state: 'ready', storageKey: key, size, linkHash: hashSecret(secret), expiresAt });
      const origin = this.o.mail.origin();
      this.o.mail.mailer.send(
        member.email,
        'data-export',
        { name: member.name, link: new URL(dataExportRoute(id, secret), origin).href, hours: String(DATA_EXPORT_HOURS) },
        { origin },
      );
    } catch (err) {
      this.o.log.error({ err, export: id, last }, 'data export failed');
      if (last) await updateExport(this.o.db, id, { state: 'failed' });
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The zip of the mailed link, for its owner only: another member, a wrong secret or an unknown id is a 404 (nothing
   * says the export exists); not written yet a 409; past its 24 hours a 410.
   */
  async download(userId: string, id: string, key: string): Promise<{ storageKey: string; name: string }> {
    const row = await findExport(this.o.db, id);
    if (!row || row.userId !== userId) throw notFound('This download does not exist.');
    if (row.state !== 'ready') throw conflict('Your data is not ready yet: we’ll e-mail you a link when it is.', 'EXPORT_NOT_READY');
    if (row.linkHash !== hashSecret(key)) throw notFound('This download does not exist.');
    if (!row.storageKey || !row.expiresAt || row.expiresAt <= new Date())
      throw new AppError(
        410,
        'EXPORT_EXPIRED',
        `This link has expired (it works for ${DATA_EXPORT_HOURS} hours). Ask for a new copy of your data from your account.`,
      );
    return { storageKey: row.storageKey, name: `my-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
  }

  /**
   * Removes the files of exports whose link has expired, and fails exports stuck for a day (the hourly sweep's work;
   * the tests call it with a time). Says how many files went.
   */
  async sweep(now = new Date()): Promise<number> {
    await failStaleExports(this.o.db, new Date(now.getTime() - DATA_EXPORT_HOURS * HOUR));
    let removed = 0;
    for (;;) {
      const rows = await expiredExports(this.o.db, now, SWEEP_BATCH);
      for (const row of rows) {
        await this.o.storage.delete(row.storageKey!);
        await updateExport(this.o.db, row.id, { storageKey: null });
        removed++;
      }
      if (rows.length < SWEEP_BATCH) return removed;
    }
  }
}
