import { eq } from 'drizzle-orm';
import { posts } from '../../db/schema.ts';
import { sanitizeContent } from '../../lib/text/html.ts';
import type { StoredImage } from '../../lib/media/media-types.ts';
import { contentWrites, type ContentBody, type WriteDeps } from '../content/content-writes.ts';
import type { AdminUploads } from '../media-library/uploads.ts';
import { imageValue } from '../media-library/media-fields.ts';

export interface PostBody extends ContentBody {
  title: string;
  type: 'post' | 'page';
  shortDescription?: string;
  content?: string;
  image?: string | null;
}

/** Posts and pages: the same table and mapper rules as the public API; the text is sanitised as the seed's is. */
export function postWrites(deps: WriteDeps, uploads: AdminUploads) {
  return contentWrites<PostBody>(deps, {
    resource: 'posts',
    what: 'post',
    table: posts,
    columns: {
      id: posts.id,
      slug: posts.slug,
      status: posts.status,
      title: posts.title,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      search: posts.search,
      categoryIds: posts.categoryIds,
      tags: posts.tags,
      release: { kind: 'published', at: posts.publishedAt },
    },
    titleField: 'title',
    group: 'post',
    filters: (query) => [query.type ? eq(posts.type, query.type as 'post' | 'page') : undefined],
    toItem: (r) => ({
      _id: r.id,
      title: r.title,
      type: r.type,
      slug: r.slug,
      shortDescription: r.shortDescription,
      content: r.content,
      image: r.image ? uploads.imageMedia(r.image as StoredImage) : null,
    }),
    values: (body, before, problems) => ({
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.shortDescription !== undefined ? { shortDescription: body.shortDescription.trim() } : {}),
      ...(body.content !== undefined ? { content: sanitizeContent(body.content) } : {}),
      ...imageValue(uploads, 'image', body.image, (before?.image as StoredImage | null) ?? null, problems, { optional: true }),
    }),
  });
}
