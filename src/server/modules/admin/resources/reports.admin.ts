import type { Db } from '../../../db/client.ts';
import { forbidden } from '../../../errors.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import type { ReportStatus, ReportTarget } from '../../../../shared/contracts/community.ts';
import { itemRoute } from '../../../../shared/routes.ts';
import { findComment } from '../../comments/comments.repository.ts';
import {
  findHidden,
  findReportedComment,
  findReportedItem,
  reportsOnTarget,
  searchReports,
  type ReportWithReporter,
} from '../../reports/reports.repository.ts';
import type { ReportsService } from '../../reports/reports.service.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import type { AdminUploads } from '../uploads.ts';

type ItemKind = Exclude<ReportTarget, 'comment'>;
const ADMIN_LISTS: Record<ItemKind, string> = { video: 'videos', gallery: 'galleries', story: 'stories', product: 'products', post: 'posts' };
const excerpt = (text: string, n = 80) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

/**
 * The moderation queue in the back office. A report's page holds what it is about: the item (title, picture, its
 * public and back-office pages) or the comment (its text, its author, the page it is on), whether it is hidden, and
 * the other reports on the same target. Every verb is ReportsService's.
 */
export function reportsAdmin(db: Db, reports: ReportsService, uploads: AdminUploads, origin: () => string): AdminAdapter {
  /** Where a thing is on the public site: an item's page, or the page of the item a comment (or its parent) is on. */
  const placeOf = async (kind: ReportTarget, id: string, depth = 0): Promise<{ title: string; path: string | null } | null> => {
    if (kind !== 'comment') {
      const item = await findReportedItem(db, kind, id);
      return item && { title: item.title, path: item.status === 'active' ? itemRoute(kind, item.slug) : null };
    }
    const comment = depth < 2 ? await findComment(db, id) : null;
    return comment && placeOf(comment.objectType, comment.objectId, depth + 1);
  };

  const target = async (r: ReportWithReporter) => {
    if (r.targetType === 'comment') {
      const found = await findReportedComment(db, r.targetId);
      if (!found) return { summary: 'a deleted comment', target: null, author: null, targetPath: null };
      const place = await placeOf(found.comment.objectType, found.comment.objectId);
      return {
        summary: `“${excerpt(found.comment.content)}” by ${found.author?.username ?? 'a deleted member'}`,
        target: {
          kind: 'comment',
          text: found.comment.content,
          picture: found.comment.attachment?.url ?? null,
          createdAt: found.comment.createdAt.toISOString(),
          on: place?.title ?? null,
        },
        author: found.author,
        targetPath: place?.path ?? null,
      };
    }
    const item = await findReportedItem(db, r.targetType, r.targetId);
    if (!item) return { summary: `a deleted ${r.targetType}`, target: null, author: null, targetPath: null };
    const path = item.status === 'active' ? itemRoute(r.targetType, item.slug) : null;
    return {
      summary: item.title,
      target: {
        kind: r.targetType,
        title: item.title,
        state: item.status,
        picture: item.picture ? uploads.imageMedia(item.picture).url : null,
        adminPath: `/admin/${ADMIN_LISTS[r.targetType]}/${r.targetId}`,
      },
      author: null,
      targetPath: path,
    };
  };

  const toItem = async (r: ReportWithReporter, full: boolean): Promise<AdminItem> => {
    const [about, hidden, others] = await Promise.all([
      target(r),
      findHidden(db, r.targetType, r.targetId),
      full ? reportsOnTarget(db, r) : Promise.resolve(null),
    ]);
    return {
      _id: r.id,
      title: `${r.targetType[0]!.toUpperCase()}${r.targetType.slice(1)}: ${about.summary}`,
      status: r.status,
      type: r.type,
      targetType: r.targetType,
      targetId: r.targetId,
      reporter: r.reporter ?? 'a deleted member',
      reporterId: r.userId,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      targetHidden: Boolean(hidden),
      hiddenBy: hidden?.reason ?? null,
      targetPath: about.targetPath,
      ...(full
        ? {
            target: about.target,
            author: about.author,
            others: others!.map((o) => ({
              _id: o.id,
              type: o.type,
              status: o.status,
              reporter: o.reporter,
              description: o.description,
              createdAt: o.createdAt.toISOString(),
            })),
          }
        : {}),
    };
  };
  const get = async (id: string) => toItem(await reports.get(id), true);
  const refuse = async () => {
    throw forbidden('Members send reports; the back office decides them through its actions.');
  };
  return {
    async list(query) {
      const { rows, total } = await searchReports(db, {
        ...query,
        status: query.status as ReportStatus | 'all' | undefined,
        targetType: query.targetType as ReportTarget | undefined,
        type: query.type as string | undefined,
        sortBy: query.sortBy as 'newest' | 'oldest' | undefined,
      });
      return { data: await Promise.all(rows.map((r) => toItem(r, false))), total };
    },
    get,
    create: refuse,
    update: refuse,
    remove: refuse,
    actions: {
      review: async (id) => (await reports.review(id), get(id)),
      dismiss: async (id) => (await reports.dismiss(id), get(id)),
      'hide-item': async (id, _body, actor) => (await reports.hideTarget(id, actor.user.id), get(id)),
      'unhide-item': async (id, _body, actor) => (await reports.unhideTarget(id, actor.user.id), get(id)),
      'warn-member': async (id, body) => (await reports.warnAuthor(id, String(body.message), origin()), get(id)),
      'ban-member': async (id, body, actor) => (await reports.banAuthor(id, String(body.reason), actor.user.id, origin()), get(id)),
    },
  };
}
