import type { Db } from '../../../db/client.ts';
import { forbidden } from '../../../errors.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import type { ReportStatus, ReportTarget } from '../../../../shared/contracts/community.ts';
import { itemRoute } from '../../../../shared/routes.ts';
import {
  findHiddenOf,
  findReportedComments,
  findReportedItems,
  reportsOnTarget,
  searchReports,
  targetKey,
  type HiddenRow,
  type ReportedComment,
  type ReportedItemRow,
  type ReportWithReporter,
} from '../../reports/reports.repository.ts';
import type { ReportsService } from '../../reports/reports.service.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import type { AdminUploads } from '../../media-library/uploads.ts';
import type { ItemKind } from '../../catalogue/kinds.ts';

const ITEM_KINDS: ItemKind[] = ['video', 'gallery', 'story', 'product', 'post'];
const ADMIN_LISTS: Record<ItemKind, string> = { video: 'videos', gallery: 'galleries', story: 'stories', product: 'products', post: 'posts' };
const excerpt = (text: string, n = 80) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

/** How many comments up a reported reply is followed to find the item its thread is on (a reply, a reply's reply). */
const PLACE_DEPTH = 2;

/** What some reports are about: the comments (with their authors and the comments they answer), the items, what is hidden. */
interface Targets {
  comments: Map<string, ReportedComment>;
  /** By `targetKey`. */
  items: Map<string, ReportedItemRow>;
  /** By `targetKey`. */
  hidden: Map<string, HiddenRow>;
}

/**
 * Reads what these reports are about in a fixed number of queries whatever their number (a list page must not cost a
 * query per row): the reported comments, then the comments they answer (one query per level, PLACE_DEPTH at most),
 * then the items (one query per kind), and beside them the hidden ones (one query).
 */
async function targetsOf(db: Db, reports: ReportWithReporter[]): Promise<Targets> {
  const reading = async () => {
    const reported = reports.filter((r) => r.targetType === 'comment').map((r) => r.targetId);
    const comments = await findReportedComments(db, reported);
    let level = [...comments.values()];
    for (let depth = 0; depth < PLACE_DEPTH && level.length; depth++) {
      const parents = level.filter((c) => c.comment.objectType === 'comment').map((c) => c.comment.objectId);
      const missing = parents.filter((p) => !comments.has(p));
      for (const [id, c] of await findReportedComments(db, missing)) comments.set(id, c);
      level = parents.flatMap((p) => comments.get(p) ?? []);
    }
    // Every item a report or a comment is on (a comment beyond PLACE_DEPTH adds one that goes unused: harmless).
    const refs = [
      ...reports.map((r) => ({ kind: r.targetType, id: r.targetId })),
      ...[...comments.values()].map((c) => ({ kind: c.comment.objectType, id: c.comment.objectId })),
    ];
    const byKind = await Promise.all(
      ITEM_KINDS.map(async (kind) => {
        const ids = refs.filter((r) => r.kind === kind).map((r) => r.id);
        return [...(await findReportedItems(db, kind, ids))].map(([id, item]) => [targetKey(kind, id), item] as const);
      }),
    );
    return { comments, items: new Map(byKind.flat()) };
  };
  const [read, hidden] = await Promise.all([reading(), findHiddenOf(db, reports)]);
  return { ...read, hidden };
}

/**
 * The moderation queue in the back office. A report's page holds what it is about: the item (title, picture, its
 * public and back-office pages) or the comment (its text, its author, the page it is on), whether it is hidden, and
 * the other reports on the same target. Every verb is ReportsService's. A list page and a report's page are built
 * alike, from what `targetsOf` read for all their reports at once.
 */
export function reportsAdmin(db: Db, reports: ReportsService, uploads: AdminUploads, origin: () => string): AdminAdapter {
  /** Where a thing is on the public site: an item's page, or the page of the item a comment (or its parent) is on. */
  const placeOf = (t: Targets, kind: ReportTarget, id: string, depth = 0): { title: string; path: string | null } | null => {
    if (kind !== 'comment') {
      const item = t.items.get(targetKey(kind, id));
      return item ? { title: item.title, path: item.status === 'active' ? itemRoute(kind, item.slug) : null } : null;
    }
    const comment = depth < PLACE_DEPTH ? t.comments.get(id) : undefined;
    return comment ? placeOf(t, comment.comment.objectType, comment.comment.objectId, depth + 1) : null;
  };

  const target = (t: Targets, r: ReportWithReporter) => {
    if (r.targetType === 'comment') {
      const found = t.comments.get(r.targetId);
      if (!found) return { summary: 'a deleted comment', target: null, author: null, targetPath: null };
      const place = placeOf(t, found.comment.objectType, found.comment.objectId);
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
    const item = t.items.get(targetKey(r.targetType, r.targetId));
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

  /** A report as the list shows it; with `others` (the other reports on its target), as its own page shows it. */
  const toItem = (t: Targets, r: ReportWithReporter, others: ReportWithReporter[] | null): AdminItem => {
    const about = target(t, r);
    const hidden = t.hidden.get(targetKey(r.targetType, r.targetId));
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
      ...(others
        ? {
            target: about.target,
            author: about.author,
            others: others.map((o) => ({
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
  const get = async (id: string) => {
    const r = await reports.get(id);
    const [t, others] = await Promise.all([targetsOf(db, [r]), reportsOnTarget(db, r)]);
    return toItem(t, r, others);
  };
  const refuse = async () => {
    throw forbidden('Members send reports; the back office decides them through its actions.');
  };
  return {
    async list(query) {
      const { rows, ...total } = await searchReports(db, {
        ...query,
        status: query.status as ReportStatus | 'all' | undefined,
        targetType: query.targetType as ReportTarget | undefined,
        type: query.type as string | undefined,
        sortBy: query.sortBy as 'newest' | 'oldest' | undefined,
      });
      const t = await targetsOf(db, rows);
      return { data: rows.map((r) => toItem(t, r, null)), ...total };
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
