import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict, invalid } from '../../errors.ts';
import type { GrantKind } from '../../../shared/contracts/grants.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import * as repo from './grants.repository.ts';

/** What a grant names, as an operator writes it in a form. */
export interface GrantRequest {
  /** The member: their id, username or e-mail. */
  member: string;
  kind: GrantKind;
  /** The item: its id or address (slug). */
  item: string;
  /** Its end, an ISO time; absent or empty: for good. */
  until?: string | null;
  reason: string;
}

/**
 * Grants of free access (shared/contracts/grants.ts). Each change is one transaction with its audit entry: the
 * member's hold is read under a lock, so that a grant never replaces a purchase made at the same moment, and a
 * purchase after a grant ended takes its place (token-transactions.repository insertEntitlement).
 */
export class GrantsService {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  /** Gives (or renews: a new end and reason) a member free access to an item. Field errors name what is wrong. */
  async give(actor: { id: string; username: string }, request: GrantRequest, now = new Date()): Promise<repo.EntitlementRow> {
    const until = request.until ? new Date(request.until) : null;
    const reason = request.reason.trim();
    const errors: Record<string, string> = {};
    if (until && !(until.getTime() > now.getTime())) errors.until = 'Give an end in the future, or leave it empty for good.';
    if (!reason) errors.reason = 'Say why (kept with the grant and in the log).';
    const grant = await this.db.transaction(async (tx) => {
      const [member, item] = await Promise.all([repo.findMember(tx, request.member), repo.findGrantable(tx, request.kind, request.item.trim())]);
      if (!member) errors.member = `No member '${request.member}'.`;
      if (!item) errors.item = `No ${request.kind} '${request.item}'.`;
      else if (!item.isSale || item.price <= 0) errors.item = `This ${request.kind} is free: every member has it already.`;
      if (Object.keys(errors).length || !member || !item) throw invalid(errors);
      const bought = conflict(`${member.username} bought this ${request.kind}: they hold it for good.`, 'ALREADY_BOUGHT');
      const hold = await repo.findHold(tx, member.id, request.kind, item.id);
      if (hold?.source === 'purchase') throw bought;
      // A purchase committed after the read above is kept: the upsert leaves it and gives nothing.
      const row = await repo.upsertGrant(tx, { userId: member.id, kind: request.kind, itemId: item.id, until, reason, grantedBy: actor.id });
      if (!row) throw bought;
      await insertAudit(tx, {
        actorId: actor.id,
        actorName: actor.username,
        resource: 'grants',
        targetId: row.id,
        action: hold ? 'renew' : 'create',
        before: hold && auditOf(hold, member.username, item.title),
        after: auditOf(row, member.username, item.title),
      });
      return row;
    });
    this.log.info({ userId: grant.userId, kind: grant.itemType, itemId: grant.itemId, until: grant.expiresAt, by: actor.id }, 'access granted');
    return grant;
  }

  /** Ends a member's grant of an item at once. A purchase is never revoked: only a grant is found. */
  async revoke(actor: { id: string; username: string }, request: Pick<GrantRequest, 'member' | 'kind' | 'item'>): Promise<repo.EntitlementRow> {
    const row = await this.db.transaction(async (tx) => {
      const [member, item] = await Promise.all([repo.findMember(tx, request.member), repo.findGrantable(tx, request.kind, request.item.trim())]);
      const gone = member && item ? await repo.deleteGrant(tx, member.id, request.kind, item.id) : null;
      if (!member || !item || !gone) {
        throw invalid(
          !member
            ? { member: `No member '${request.member}'.` }
            : { item: item ? `${member.username} has no grant of this ${request.kind}.` : `No ${request.kind} '${request.item}'.` },
        );
      }
      await insertAudit(tx, {
        actorId: actor.id,
        actorName: actor.username,
        resource: 'grants',
        targetId: gone.id,
        action: 'revoke',
        before: auditOf(gone, member.username, item.title),
        after: null,
      });
      return gone;
    });
    this.log.info({ userId: row.userId, kind: row.itemType, itemId: row.itemId, by: actor.id }, 'access revoked');
    return row;
  }

  /** A member's latest grants, ended ones too, newest first. */
  latest(userId: string, limit = 20): Promise<repo.GrantRow[]> {
    return repo.latestGrants(this.db, userId, limit);
  }
}

/** A grant as the audit log keeps it: in words, no internal ids. */
const auditOf = (row: repo.EntitlementRow, username: string, title: string) => ({
  member: username,
  item: `${row.itemType} "${title}"`,
  until: row.expiresAt ? row.expiresAt.toISOString() : 'for good',
  reason: row.reason,
});
