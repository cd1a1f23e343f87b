import { and, asc, eq, sql } from 'drizzle-orm';
import { listTotalOf } from '../../db/lists.ts';
import { banners } from '../../db/schema.ts';
import { Banner, BannerSearchQuery } from '../../../shared/contracts/banners.ts';
import { ListPayload } from '../../../shared/contracts/common.ts';
import { BANNERS } from '../../../shared/operations/banners.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';

/** Site promos: the active banners of a position whose dates include now, in their ordering. Small enough to need no service of its own. */
export const bannersOperations = (app: App) =>
  operations(BANNERS, {
    search: {
      operationId: 'banners_search',
      summary: 'Active banners, by position (those whose start and end dates include now)',
      tags: ['site'],
      access: 'anyone',
      query: BannerSearchQuery,
      response: ListPayload(Banner),
      errors: [400],
      route: SHARED_ANSWER,
      run: async ({ query }) => {
        const { db } = app.database;
        const where = and(
          eq(banners.status, 'active'),
          sql`(${banners.startsAt} is null or ${banners.startsAt} <= now())`,
          sql`(${banners.endsAt} is null or ${banners.endsAt} > now())`,
          query.position ? eq(banners.position, query.position) : undefined,
        );
        const page = { offset: query.offset ?? 0, limit: query.limit ?? 12 };
        const rows = await db.select().from(banners).where(where).orderBy(asc(banners.ordering), asc(banners.createdAt)).limit(page.limit).offset(page.offset);
        const total = await listTotalOf(db, banners, where, { ...page, rows: rows.length });
        const data = rows.map((b) => ({
          _id: b.id,
          title: b.title,
          description: b.description,
          link: b.link,
          position: b.position,
          photo: app.services.media.image(b.photo, false),
          status: b.status,
        }));
        return { data, ...total };
      },
    },
  });
