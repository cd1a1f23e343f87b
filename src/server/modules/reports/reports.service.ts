import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { findComment, itemExists } from '../comments/comments.repository.ts';
import { insertOpenReport, type ReportRow } from './reports.repository.ts';
import type { ReportBody, ViolationReport } from '../../../shared/contracts/community.ts';

const toReport = (r: ReportRow): ViolationReport => ({
  _id: r.id,
  type: r.type,
  targetType: r.targetType,
  targetId: r.targetId,
  description: r.description,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** Members report items and comments; one open report per member and target. Operators read them in the log and the table. */
export class ReportsService {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  async create(userId: string, body: ReportBody): Promise<ViolationReport> {
    const exists =
      body.targetType === 'comment' ? Boolean(await findComment(this.db, body.targetId)) : await itemExists(this.db, body.targetType, body.targetId);
    if (!exists) throw notFound(`No such ${body.targetType}.`);
    const row = await insertOpenReport(this.db, {
      userId,
      type: body.type,
      targetType: body.targetType,
      targetId: body.targetId,
      description: (body.description ?? '').trim(),
    });
    if (!row) throw conflict('You have already reported this. We will look at it soon.', 'ALREADY_REPORTED');
    this.log.warn({ reportId: row.id, type: row.type, targetType: row.targetType, targetId: row.targetId, by: userId }, 'violation reported');
    return toReport(row);
  }
}
