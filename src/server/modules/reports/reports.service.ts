import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, invalid, notFound } from '../../errors.ts';
import { findComment, itemExists } from '../comments/comments.repository.ts';
import type { SiteMail } from '../mail/mailer.ts';
import type { MembersService } from '../users/members.service.ts';
import {
  actionPendingOnTarget,
  findReport,
  findReportedComment,
  hideTarget,
  insertOpenReport,
  lockTarget,
  moveReport,
  reportersOf,
  PENDING,
  pendingReporters,
  unhideTarget,
  type Reporter,
  type ReportRow,
  type ReportWithReporter,
} from './reports.repository.ts';
import { REPORT_AUTOHIDE_COUNT, type ReportBody, type ViolationReport } from '../../../shared/contracts/community.ts';

const toReport = (r: ReportRow): ViolationReport => ({
  _id: r.id,
  type: r.type,
  targetType: r.targetType,
  targetId: r.targetId,
  description: r.description,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Members report items and comments (one pending report per member and target); operators work the queue: open →
 * reviewing → actioned (the target hidden, its author warned or banned) or dismissed. `REPORT_AUTOHIDE_COUNT` pending
 * reports from different members hide the target at once, in the report's own transaction, until an operator unhides it.
 */
export class ReportsService {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly deps: { mail: SiteMail; members: MembersService };
  constructor(db: Db, log: FastifyBaseLogger, deps: ReportsService['deps']) {
    this.db = db;
    this.log = log;
    this.deps = deps;
  }

  async create(userId: string, body: ReportBody): Promise<ViolationReport> {
    const exists =
      body.targetType === 'comment' ? Boolean(await findComment(this.db, body.targetId)) : await itemExists(this.db, body.targetType, body.targetId);
    if (!exists) throw notFound(`No such ${body.targetType}.`);
    const done = await this.db.transaction(async (tx) => {
      await lockTarget(tx, body.targetType, body.targetId);
      const row = await insertOpenReport(tx, {
        userId,
        type: body.type,
        targetType: body.targetType,
        targetId: body.targetId,
        description: (body.description ?? '').trim(),
      });
      if (!row) return null;
      const reporters = await pendingReporters(tx, body.targetType, body.targetId);
      const hidden = reporters === REPORT_AUTOHIDE_COUNT && (await hideTarget(tx, { targetType: body.targetType, targetId: body.targetId, reason: 'reports' }));
      return { row, reporters, hidden };
    });
    if (!done) throw conflict('You have already reported this. We will look at it soon.', 'ALREADY_REPORTED');
    const { row, reporters, hidden } = done;
    this.log.warn({ reportId: row.id, type: row.type, targetType: row.targetType, targetId: row.targetId, by: userId, reporters }, 'violation reported');
    if (hidden)
      this.log.warn(
        { targetType: row.targetType, targetId: row.targetId, reporters },
        `${row.targetType} hidden automatically: ${reporters} members reported it; it stays hidden until an operator unhides it`,
      );
    return toReport(row);
  }

  async get(id: string): Promise<ReportWithReporter> {
    const report = await findReport(this.db, id);
    if (!report) throw notFound('No such report.');
    return report;
  }

  /** An operator takes an open report. */
  async review(id: string): Promise<void> {
    await this.move(id, ['open'], 'reviewing', 'Only an open report can be taken for review.');
  }

  /** Nothing to do: the report is closed, its target stays as it is. */
  async dismiss(id: string): Promise<void> {
    const report = await this.move(id, PENDING, 'dismissed', 'This report is decided already.');
    this.tellReporters(await reportersOf(this.db, [report.userId]), report, 'It does not break the site rules, so it stays as it is.');
  }

  /** Hides the reported item or comment from the public; the pending reports on it are actioned. */
  async hideTarget(id: string, actorId: string): Promise<void> {
    const report = await this.get(id);
    const reporters = await this.db.transaction(async (tx) => {
      const now = await hideTarget(tx, { targetType: report.targetType, targetId: report.targetId, reason: 'operator', hiddenBy: actorId });
      return now && actionPendingOnTarget(tx, report.targetType, report.targetId);
    });
    if (!reporters) throw conflict(`This ${report.targetType} is hidden already.`);
    this.tellReporters(reporters, report, 'It was hidden from the site.');
    this.log.info({ targetType: report.targetType, targetId: report.targetId, by: actorId }, `${report.targetType} hidden by an operator`);
  }

  /** Shows the item or comment again (after an automatic hiding, or a mistake); the reports keep their status. */
  async unhideTarget(id: string, actorId: string): Promise<void> {
    const report = await this.get(id);
    if (!(await unhideTarget(this.db, report.targetType, report.targetId))) throw conflict(`This ${report.targetType} is not hidden.`);
    this.log.info({ targetType: report.targetType, targetId: report.targetId, by: actorId }, `${report.targetType} shown again by an operator`);
  }

  /** Mails the reported comment's author the operator's message; the pending reports on it are actioned. */
  async warnAuthor(id: string, message: string, origin: string): Promise<void> {
    if (!message.trim()) throw invalid({ message: 'Message: fill this in.' });
    const { report, author } = await this.authorOf(id);
    this.deps.mail.mailer.send(author.email, 'moderation-warning', { name: author.name, what: 'your comment', message: message.trim() }, { origin });
    this.tellReporters(await actionPendingOnTarget(this.db, report.targetType, report.targetId), report, 'Its author was warned.');
  }

  /** Bans the reported comment's author (MembersService.ban: sessions end at once); the pending reports are actioned. */
  async banAuthor(id: string, reason: string, actorId: string, origin: string): Promise<void> {
    const { report, author } = await this.authorOf(id);
    await this.deps.members.ban(author.id, reason, actorId, origin);
    this.tellReporters(await actionPendingOnTarget(this.db, report.targetType, report.targetId), report, 'Its author’s account was closed.');
  }

  private async authorOf(id: string) {
    const report = await this.get(id);
    if (report.targetType !== 'comment') throw badRequest('Only a comment has a member as its author; an item is the site’s own.');
    const found = await findReportedComment(this.db, report.targetId);
    if (!found?.author) throw notFound('The comment or its author is gone.');
    return { report, author: await this.deps.members.get(found.author.id) };
  }

  private async move(id: string, from: ReportRow['status'][], to: ReportRow['status'], refused: string): Promise<ReportRow> {
    await this.get(id);
    const row = await moveReport(this.db, id, from, to);
    if (!row) throw conflict(refused);
    return row;
  }

  /** Mails the members who reported a target what the moderators did about it. */
  private tellReporters(reporters: Reporter[], report: Pick<ReportRow, 'targetType'>, outcome: string): void {
    const origin = this.deps.mail.origin();
    for (const r of reporters) this.deps.mail.mailer.send(r.email, 'report-outcome', { name: r.name, what: `a ${report.targetType}`, outcome }, { origin });
  }
}
