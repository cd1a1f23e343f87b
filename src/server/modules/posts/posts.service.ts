import { posts } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Post, PostSearchQuery } from '../../../shared/contracts/posts.ts';
import type { Viewer } from '../catalogue/access.ts';
import { equal, findItem, listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { statsOf, type CatalogueContext } from '../catalogue/context.ts';
import { POSTS } from '../catalogue/tables.ts';

/** Posts and pages: free to read, so no access rule applies beyond being published. */
export class PostsService {
  private readonly ctx: CatalogueContext;
  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
  }

  async search(query: PostSearchQuery, viewer: Viewer) {
    const extra = query.type ? [equal(posts.type, query.type)] : [];
    const { rows, ...total } = await listItems(this.ctx.db, POSTS, query, viewer, extra);
    return { data: rows.map((r) => this.toPost(r, false)), ...total };
  }

  async get(idOrSlug: string, viewer: Viewer, visitor: string | null = null): Promise<Post> {
    const row = await findItem(this.ctx.db, POSTS, idOrSlug, viewer);
    if (!row) throw notFound('This post does not exist.');
    if (visitor) await this.ctx.views.count(POSTS, row.id, visitor);
    return this.toPost(row, true);
  }

  toPost(r: ItemRow<typeof posts>, detail: boolean): Post {
    return {
      _id: r.id,
      slug: r.slug,
      type: r.type,
      title: r.title,
      shortDescription: r.shortDescription,
      content: detail ? r.content : null,
      image: r.image ? this.ctx.media.image(r.image, false) : null,
      tags: r.tags,
      categories: r.categories,
      stats: statsOf(r),
      publishedAt: r.publishedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }
}
