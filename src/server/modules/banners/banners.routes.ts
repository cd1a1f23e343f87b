import { and, asc, eq, sql } from 'drizzle-orm';
import { listTotalOf } from '../../db/lists.ts';
import { banners } from '../../db/schema.ts';
import { Banner, BannerSearchQuery } from '../../../shared/contracts/banners.ts';
import { Envelope, ErrorBody, ListPayload } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';
import { SHARED_ANSWER } from '../../plugins/answer-cache.ts';

/** Site promos: the active banners of a position whose dates include now, in their ordering. Small enough to need no service of its own. */
export async function bannersRoutes(app: App) {
  app.get(
    '/site-promo/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'banners_search',
        tags: ['site'],
        summary: 'Active banners, by position (those whose start and end dates include now)',
        querystring: BannerSearchQuery,
        response: { 200: Envelope(ListPayload(Banner)), 400: ErrorBody },
      },
    },
    async (request) => {
      const { db } = app.database;
      const where = and(
        eq(banners.status, 'active'),
        sql`(${banners.startsAt} is null or ${banners.startsAt} <= now())`,
        sql`(${banners.endsAt} is null or ${banners.endsAt} > now())`,
        request.query.position ? eq(banners.position, request.query.position) : undefined,
      );
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? 12 };
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
      return ok({ data, ...total });
    },
  );
}
