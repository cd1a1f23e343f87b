import { and, eq, gt, lt, or } from 'drizzle-orm';
import { stories } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { BeforeAfter, Story, StorySearchQuery } from '../../../shared/contracts/stories.ts';
import { canView, type Viewer } from '../catalogue/access.ts';
import { equal, findItem, listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { flagsOf, statsOf, type CatalogueContext } from '../catalogue/context.ts';
import { STORIES } from '../catalogue/tables.ts';

export class StoriesService {
  private readonly ctx: CatalogueContext;
  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
  }

  async search(query: StorySearchQuery, viewer: Viewer) {
    const extra = query.isSale === undefined ? [] : [equal(stories.isSale, query.isSale)];
    const { rows, ...total } = await listItems(this.ctx.db, STORIES, query, viewer, extra);
    return { data: rows.map((r) => this.toStory(r, viewer, false)), ...total };
  }

  async view(idOrSlug: string, viewer: Viewer, visitor: string | null = null): Promise<Story> {
    const row = await this.find(idOrSlug, viewer);
    if (visitor) await this.ctx.views.count(STORIES, row.id, visitor);
    return this.toStory(row, viewer, true);
  }

  /** Up to `limit` stories published just before and just after this one (nearest first on both sides). */
  async beforeAfter(idOrSlug: string, limit: number, viewer: Viewer): Promise<BeforeAfter> {
    const story = await this.find(idOrSlug, viewer);
    const at = story.publishedAt;
    const earlier = or(lt(stories.publishedAt, at), and(eq(stories.publishedAt, at), lt(stories.id, story.id)));
    const later = or(gt(stories.publishedAt, at), and(eq(stories.publishedAt, at), gt(stories.id, story.id)));
    const side = async (where: typeof earlier, ascending: boolean) => {
      const { rows } = await listItems(this.ctx.db, STORIES, { limit, sortBy: ascending ? 'oldest' : 'newest' }, viewer, [where], { counted: false });
      return rows.map((r) => this.toStory(r, viewer, false));
    };
    const [before, after] = await Promise.all([side(earlier, false), side(later, true)]);
    return { before, after };
  }

  private async find(idOrSlug: string, viewer: Viewer) {
    const row = await findItem(this.ctx.db, STORIES, idOrSlug, viewer);
    if (!row) throw notFound('This story does not exist.');
    return row;
  }

  /** The wire story: its text only in detail and only for viewers the access rule allows. */
  toStory(r: ItemRow<typeof stories>, viewer: Viewer, detail: boolean): Story {
    const allowed = canView(viewer, r);
    return {
      _id: r.id,
      slug: r.slug,
      title: r.title,
      shortDescription: r.shortDescription,
      content: detail && allowed ? r.content : null,
      coverImage: this.ctx.media.image(r.cover, !allowed),
      tags: r.tags,
      categories: r.categories,
      isSale: r.isSale,
      price: r.price,
      stats: statsOf(r),
      ...flagsOf(r, allowed),
      publishedAt: r.publishedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }
}
