import type { Db } from '../../../db/client.ts';
import { forbidden } from '../../../errors.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import { latestEntries } from '../../ledger/ledger.repository.ts';
import { listPayments } from '../../payments/payments.repository.ts';
import { searchReports, type ReportWithReporter } from '../../reports/reports.repository.ts';
import { listTokenTransactions } from '../../token-transactions/token-transactions.repository.ts';
import { roleOf, type MembersService, type MemberRole } from '../../users/members.service.ts';
import { searchAllMembers, type UserRow } from '../../users/users.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import type { GrantsService } from '../../grants/grants.service.ts';
import { GRANT_VERBS } from './grant-actions.admin.ts';
import type { GrantRow } from '../../grants/grants.repository.ts';
import type { GrantKind } from '../../../../shared/contracts/grants.ts';
import type { AccountClosureService } from '../../account-closure/account-closure.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A member as the list shows them. */
const toItem = (u: UserRow): AdminItem => ({
  _id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  role: roleOf(u),
  // A closing account is still active until its day: "Closing" says so (the list's status filter finds them).
  status: u.closingAt && u.status !== 'closed' ? 'closing' : u.status,
  balance: u.balance,
  verifiedEmail: u.verifiedEmail,
  country: u.country,
  createdAt: u.createdAt.toISOString(),
});

/** A grant of free access on the member's record: the item, its end, the reason, who gave it, whether it still runs. */
const grantLine = (g: GrantRow) => ({
  _id: g.id,
  kind: g.itemType,
  title: g.title,
  slug: g.slug,
  until: iso(g.expiresAt),
  reason: g.reason,
  grantedBy: g.grantedByName,
  running: !g.expiresAt || g.expiresAt.getTime() > Date.now(),
  createdAt: g.createdAt.toISOString(),
});

const reportLine = (r: ReportWithReporter) => ({
  _id: r.id,
  type: r.type,
  targetType: r.targetType,
  status: r.status,
  reporter: r.reporter,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Members in the back office: the users table read through its repository; every change is MembersService's (the
 * same ledger, sessions and mail code the rest of the site uses; grants of free access are GrantsService's). The page's
 * record: latest purchases, payments, ledger entries, grants, and reports by and about them (their comments).
 */
export function membersAdmin(db: Db, members: MembersService, grants: GrantsService, closure: AccountClosureService, origin: () => string): AdminAdapter {
  const record = async (u: UserRow): Promise<AdminItem> => {
    const [purchases, payments, ledger, reportsBy, reportsAbout, granted] = await Promise.all([
      listTokenTransactions(db, u.id, { limit: 10 }),
      listPayments(db, u.id, { limit: 10 }),
      latestEntries(db, u.id, 10),
      searchReports(db, { userId: u.id, status: 'all', sortBy: 'newest', limit: 10 }),
      searchReports(db, { aboutUserId: u.id, status: 'all', sortBy: 'newest', limit: 10 }),
      grants.latest(u.id, 10),
    ]);
    return {
      ...toItem(u),
      bio: u.bio,
      closingAt: iso(u.closingAt),
      closureRefundTokens: u.closureRefundTokens,
      updatedAt: u.updatedAt.toISOString(),
      ordersPath: `/admin/orders?buyerId=${u.id}`,
      purchases: {
        total: purchases.total,
        data: purchases.rows.map((t) => ({
          _id: t.id,
          type: t.type,
          title: String(t.targetInfo.title ?? t.products.map((p) => p.name).join(', ')),
          totalPrice: t.totalPrice,
          status: t.status,
          createdAt: t.createdAt.toISOString(),
        })),
      },
      payments: {
        total: payments.total,
        data: payments.rows.map((p) => ({
          _id: p.id,
          packageName: p.packageName,
          tokens: p.tokens,
          amountMinor: p.amountMinor,
          currency: p.currency,
          status: p.status,
          createdAt: p.createdAt.toISOString(),
          settledAt: iso(p.settledAt),
        })),
      },
      ledger: ledger.map((l) => ({ _id: l.id, delta: l.delta, balanceAfter: l.balanceAfter, reason: l.reason, createdAt: l.createdAt.toISOString() })),
      reportsBy: { total: reportsBy.total, data: reportsBy.rows.map(reportLine) },
      reportsAbout: { total: reportsAbout.total, data: reportsAbout.rows.map(reportLine) },
      grants: granted.map(grantLine),
    };
  };
  const refuse = async () => {
    throw forbidden('Members sign up themselves; the back office changes them through its actions.');
  };
  return {
    async list(query) {
      const { rows, ...total } = await searchAllMembers(db, query as Parameters<typeof searchAllMembers>[1]);
      return { data: rows.map(toItem), ...total };
    },
    get: async (id) => record(await members.get(id)),
    create: refuse,
    update: refuse,
    remove: refuse,
    // An erasure audits itself in its transaction, without the record it erases.
    selfAudited: [...GRANT_VERBS, 'erase-now'],
    actions: {
      'change-role': async (id, body, actor) => record(await members.changeRole(id, body.role as MemberRole, actor.user.id)),
      ban: async (id, body, actor) => record(await members.ban(id, String(body.reason), actor.user.id, origin())),
      unban: async (id, _body, actor) => record(await members.unban(id, actor.user.id)),
      'adjust-tokens': async (id, body) => record(await members.adjustTokens(id, Number(body.amount), String(body.reason))),
      'send-password-reset': async (id) => record(await members.sendPasswordReset(id, origin())),
      'erase-now': async (id, _body, actor) => {
        if (id === actor.user.id) throw forbidden('You cannot erase your own account from here: close it from your account page.');
        if (roleOf(await members.get(id)) === 'admin') throw forbidden('Admins are not erased: change their role to member first.');
        return record(await closure.erase(id, { id: actor.user.id, name: actor.user.username, action: 'erase-now' }));
      },
      'give-access': async (id, body, actor) => {
        await grants.give(actor.user, {
          member: id,
          kind: body.kind as GrantKind,
          item: String(body.item),
          until: body.until as string | undefined,
          reason: String(body.reason),
        });
        return record(await members.get(id));
      },
      'revoke-access': async (id, body, actor) => {
        await grants.revoke(actor.user, { member: id, kind: body.kind as GrantKind, item: String(body.item) });
        return record(await members.get(id));
      },
    },
  };
}
