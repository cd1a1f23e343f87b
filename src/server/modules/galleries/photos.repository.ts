import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { paged, prepared, type Tx } from '../../db/client.ts';
import { totalOf, type ListTotal } from '../../db/lists.ts';
import { photos } from '../../db/schema.ts';
import type { PhotoSearchQuery } from '../../../shared/contracts/galleries.ts';
import type { Viewer } from '../catalogue/access.ts';
import { qualified } from '../catalogue/query.ts';
import { heldBy } from '../catalogue/held.ts';

export type PhotoRow = typeof photos.$inferSelect & { isSale: boolean; price: number; isBought: boolean };

/** Whether the photo's target is public now: active and its scheduled release has come (as catalogue/query.ts says). */
const targetPublic = sql.raw(
  `coalesce((select g.status = 'active' and (g.scheduled_at is null or g.scheduled_at <= now()) and g.cover is not null ` +
    `from galleries g where photos.target = 'gallery' and g.id = photos.target_id), ` +
    `(select v.status = 'active' and (not v.is_schedule or v.scheduled_at is null or v.scheduled_at <= now()) ` +
    `from videos v where photos.target = 'video' and v.id = photos.target_id), false)`,
);

/** The photo's target (a gallery, or the video whose stills these are), as a sub-select of one column. */
const target = (column: string) =>
  sql.raw(
    `coalesce((select g.${column} from galleries g where photos.target = 'gallery' and g.id = photos.target_id), ` +
      `(select v.${column} from videos v where photos.target = 'video' and v.id = photos.target_id))`,
  );

/**
 * Photos with what the access rule needs about their target (its price, and whether this viewer bought it), in one
 * prepared query per shape (viewer or not, filters, order), and their total (db/lists.ts). Only photos of public
 * targets (active, released) are listed.
 */
export async function listPhotos(db: Tx, query: PhotoSearchQuery, viewer: Viewer): Promise<{ rows: PhotoRow[] } & ListTotal> {
  const shape = `photos:${viewer ? 'member' : 'anonymous'}:${query.offset ? 'paged' : 'first'}:${query.target ? 'target' : ''}:${query.targetId ? 'targetId' : ''}:${query.sortBy ?? ''}`;
  const values = { viewerId: viewer?.id, target: query.target, targetId: query.targetId, limit: query.limit ?? 12, offset: query.offset ?? 0 };
  const where = () => {
    const isBought = viewer ? heldBy(sql.placeholder('viewerId'), qualified(photos.target), qualified(photos.targetId)) : sql<boolean>`false`;
    // A target hidden by moderation keeps its photos for its buyers only (as catalogue/access.ts notHiddenFrom says).
    const notHidden = sql`(not exists(select 1 from hidden_targets h where h.target_type = ${qualified(photos.target)} and h.target_id = ${qualified(photos.targetId)}) or ${isBought})`;
    const filters: SQL[] = [targetPublic, notHidden];
    if (query.target) filters.push(eq(photos.target, sql.placeholder('target')));
    if (query.targetId) filters.push(eq(photos.targetId, sql.placeholder('targetId')));
    return { where: and(...filters), isBought };
  };
  const statement = prepared(db, shape, (on) => {
    const { where: filter, isBought } = where();
    const order =
      query.sortBy === 'newest'
        ? [desc(photos.createdAt)]
        : query.sortBy === 'oldest'
          ? [asc(photos.createdAt)]
          : [asc(photos.ordering), asc(photos.createdAt)];
    const rows = on
      .select({
        photo: photos,
        isSale: sql<boolean>`${target('is_sale')}`,
        price: sql<number>`${target('price')}`,
        isBought,
      })
      .from(photos)
      .where(filter)
      .orderBy(...order);
    return paged(rows.$dynamic(), values.offset);
  });
  const rows = await statement.execute(values);
  const total = await totalOf({ offset: values.offset, limit: values.limit, rows: rows.length }, async (upTo) => {
    const counting = db
      .select({ one: sql`1`.as('one') })
      .from(photos)
      .where(where().where)
      .limit(upTo)
      .as('counted');
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(counting)
      .execute(values);
    return row?.n ?? 0;
  });
  return { rows: rows.map((r) => ({ ...r.photo, isSale: r.isSale, price: Number(r.price), isBought: r.isBought })), ...total };
}
