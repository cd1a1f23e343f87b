import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { listTotalOf } from '../../db/lists.ts';
import { banners, NOT_DELETED } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { iso } from '../../lib/text/dates.ts';
import type { AdminItem, AdminListQuery } from '../../../shared/admin/resource.ts';
import type { BANNER_STATES } from '../../../shared/admin/resources/banners.ts';
import { isSafeLink } from '../settings/setting-rules.ts';
import type { AdminUploads } from '../media-library/uploads.ts';
import { imageValue } from '../media-library/media-fields.ts';
import { findInTrash, moveToTrash, purgeFromTrash, restoreFromTrash, trashReads, TRASH_TABLES } from '../content/trash.ts';
import { auditedWrite, type WriteDeps, type Writer } from '../content/content-writes.ts';

type BannerState = keyof typeof BANNER_STATES;
type Row = typeof banners.$inferSelect;

export interface BannerBody {
  title: string;
  description?: string;
  link?: string;
  position: 'top' | 'middle' | 'bottom';
  photo: string;
  ordering?: number;
  status: 'active' | 'inactive';
  startsAt?: string | null;
  endsAt?: string | null;
}

/** The states as the public query (`/site-promo/search`) decides them: status, then the dates against now. */
const STATE_WHERE: Record<BannerState, SQL> = {
  draft: sql`${banners.status} = 'inactive'`,
  scheduled: sql`${banners.status} = 'active' and ${banners.startsAt} > now()`,
  ended: sql`${banners.status} = 'active' and ${banners.endsAt} <= now()`,
  published: sql`${banners.status} = 'active' and (${banners.startsAt} is null or ${banners.startsAt} <= now()) and (${banners.endsAt} is null or ${banners.endsAt} > now())`,
};

function stateOf(r: Row, now = Date.now()): BannerState {
  if (r.status !== 'active') return 'draft';
  if (r.startsAt && r.startsAt.getTime() > now) return 'scheduled';
  if (r.endsAt && r.endsAt.getTime() <= now) return 'ended';
  return 'published';
}

/**
 * Banners (site promos), written by their module: shown at their position between their dates; deleting one puts it
 * in the trash (trash.ts), and deleting it for good erases it (nobody buys a banner). Each write is one transaction
 * with its audit entry, and tells the site once committed (content-writes.ts `auditedWrite`).
 */
export function bannerWrites(deps: WriteDeps, uploads: AdminUploads) {
  const { db } = deps;
  const bin = TRASH_TABLES.banners!;
  const audited = <T>(by: Writer, action: string, run: Parameters<typeof auditedWrite<T>>[4]) => auditedWrite(deps, 'banners', by, action, run);
  /** The banner (not in the trash), or a 404; `lock` holds its row until the transaction ends. */
  const find = async (id: string, tx: Tx = db, lock = false): Promise<Row> => {
    const query = tx
      .select()
      .from(banners)
      .where(and(eq(banners.id, id), ne(banners.status, 'deleted')))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('No such banner.');
    return row;
  };
  /** A banner of the trash: as it will come back (shown or hidden as it was), and when it went. */
  const trashItem = (r: Row): AdminItem => ({ ...item({ ...r, status: r.deletedStatus ?? 'inactive' }), deletedAt: iso(r.deletedAt) });
  const item = (r: Row): AdminItem => ({
    _id: r.id,
    title: r.title,
    description: r.description,
    link: r.link,
    position: r.position,
    photo: uploads.imageMedia(r.photo),
    ordering: r.ordering,
    status: r.status,
    state: stateOf(r),
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    createdAt: r.createdAt.toISOString(),
  });

  function valuesOf(body: Partial<BannerBody>, before: Row | null) {
    const problems: Record<string, string> = {};
    const values: Partial<typeof banners.$inferInsert> = {};
    if (body.title !== undefined) {
      if (!body.title.trim()) problems.title = 'Title: fill this in.';
      values.title = body.title.trim();
    }
    if (body.description !== undefined) values.description = body.description.trim();
    if (body.link !== undefined) {
      const link = body.link.trim();
      if (link && !isSafeLink(link)) problems.link = 'Link: give a page of this site (/videos) or an http(s) address.';
      values.link = link;
    }
    if (body.position !== undefined) values.position = body.position;
    if (body.ordering !== undefined) values.ordering = body.ordering;
    if (body.status !== undefined) values.status = body.status;
    Object.assign(values, imageValue(uploads, 'photo', body.photo, before?.photo ?? null, problems));
    for (const key of ['startsAt', 'endsAt'] as const) if (body[key] !== undefined) values[key] = body[key] ? new Date(body[key]) : null;
    const starts = values.startsAt !== undefined ? values.startsAt : (before?.startsAt ?? null);
    const ends = values.endsAt !== undefined ? values.endsAt : (before?.endsAt ?? null);
    if (starts && ends && ends <= starts) problems.endsAt = 'Shown until: choose a time after the start.';
    if (Object.keys(problems).length) throw invalid(problems);
    return values;
  }

  const setStatus = (id: string, status: 'active' | 'inactive', by: Writer) =>
    audited(by, status === 'active' ? 'publish' : 'unpublish', async (tx) => {
      const before = await find(id, tx, true);
      // Showing means now: a start still to come is brought forward.
      const startsAt = status === 'active' && before.startsAt && before.startsAt.getTime() > Date.now() ? null : before.startsAt;
      const [row] = await tx.update(banners).set({ status, startsAt }).where(eq(banners.id, id)).returning();
      const after = item(row!);
      return { id, before: item(before), after, answer: after };
    });

  return {
    async list(query: AdminListQuery) {
      const filters: (SQL | undefined)[] = [sql.raw(NOT_DELETED)];
      if (query.position) filters.push(eq(banners.position, query.position as Row['position']));
      if (query.state) filters.push(STATE_WHERE[query.state as BannerState]);
      if (query.q?.trim()) filters.push(sql`${banners.title} ilike ${containing(query.q.trim())}`);
      const where = and(...filters);
      const order =
        query.sortBy === 'title'
          ? [asc(banners.title)]
          : query.sortBy === 'newest'
            ? [desc(banners.createdAt)]
            : [sql`case ${banners.position} when 'top' then 0 when 'middle' then 1 else 2 end`, asc(banners.ordering), asc(banners.createdAt)];
      const page = { offset: query.offset ?? 0, limit: query.limit ?? 25 };
      const rows = await db
        .select()
        .from(banners)
        .where(where)
        .orderBy(...order, asc(banners.id))
        .limit(page.limit)
        .offset(page.offset);
      const total = await listTotalOf(db, banners, where, { ...page, rows: rows.length });
      return { data: rows.map(item), ...total };
    },
    get: async (id: string) => item(await find(id)),
    create: (body: BannerBody, by: Writer) =>
      audited(by, 'create', async (tx) => {
        const [row] = await tx
          .insert(banners)
          .values(valuesOf(body, null) as typeof banners.$inferInsert)
          .returning();
        const after = item(row!);
        return { id: after._id, before: null, after, answer: after };
      }),
    update: (id: string, patch: Partial<BannerBody>, by: Writer, action = 'update') =>
      audited(by, action, async (tx) => {
        const before = await find(id, tx, true);
        const [row] = await tx.update(banners).set(valuesOf(patch, before)).where(eq(banners.id, id)).returning();
        const after = item(row!);
        return { id, before: item(before), after, answer: after };
      }),
    remove: (id: string, by: Writer) =>
      audited(by, 'delete', async (tx) => {
        const before = item(await find(id, tx, true));
        if (!(await moveToTrash(tx, bin, id))) throw notFound('No such banner.');
        return { id, before, after: null, answer: undefined };
      }),
    publish: (id: string, by: Writer) => setStatus(id, 'active', by),
    unpublish: (id: string, by: Writer) => setStatus(id, 'inactive', by),
    trash: {
      ...trashReads(db, bin, 'banner', (row) => trashItem(row as unknown as Row)),
      restore: (id: string, by: Writer) =>
        audited(by, 'restore', async (tx) => {
          const trashed = await findInTrash(tx, bin, id);
          if (!trashed) throw notFound('No such banner in the trash.');
          const { row } = await restoreFromTrash(tx, bin, id, (r) => (r.deletedStatus as 'active' | 'inactive' | null) ?? 'inactive');
          const after = item(row as unknown as Row);
          return { id, before: trashItem(trashed as unknown as Row), after, answer: { item: after, notice: null } };
        }),
      purge: (id: string, by: Writer) =>
        audited(by, 'purge', async (tx) => {
          const trashed = await findInTrash(tx, bin, id);
          if (!trashed) throw notFound('No such banner in the trash.');
          const kept = (await purgeFromTrash(tx, bin, id)) === 'kept';
          return { id, before: trashItem(trashed as unknown as Row), after: null, answer: { kept } };
        }),
    },
  };
}
