import { stories } from '../../db/schema.ts';
import { sanitizeContent } from '../../lib/text/html.ts';
import type { StoredImage } from '../../lib/media/media-types.ts';
import { contentWrites, pricingValues, type ContentBody, type WriteDeps } from '../content/content-writes.ts';
import type { AdminUploads } from '../media-library/uploads.ts';
import { imageValue } from '../media-library/media-fields.ts';

export interface StoryBody extends ContentBody {
  title: string;
  shortDescription?: string;
  content?: string;
  cover: string;
  isSale?: boolean;
  price?: number;
}

/** Stories: the same table as the public API; the text is sanitised as the seed's is, and locked for a price. */
export function storyWrites(deps: WriteDeps, uploads: AdminUploads) {
  return contentWrites<StoryBody>(deps, {
    resource: 'stories',
    what: 'story',
    table: stories,
    columns: {
      id: stories.id,
      slug: stories.slug,
      status: stories.status,
      title: stories.title,
      createdAt: stories.createdAt,
      updatedAt: stories.updatedAt,
      search: stories.search,
      categoryIds: stories.categoryIds,
      tags: stories.tags,
      release: { kind: 'published', at: stories.publishedAt },
    },
    titleField: 'title',
    group: 'story',
    toItem: (r) => ({
      _id: r.id,
      title: r.title,
      slug: r.slug,
      shortDescription: r.shortDescription,
      content: r.content,
      cover: uploads.imageMedia(r.cover as StoredImage),
      isSale: r.isSale,
      price: r.price,
    }),
    values: (body, before, problems) => ({
      ...(body.shortDescription !== undefined ? { shortDescription: body.shortDescription.trim() } : {}),
      ...(body.content !== undefined ? { content: sanitizeContent(body.content) } : {}),
      ...imageValue(uploads, 'cover', body.cover, (before?.cover as StoredImage) ?? null, problems, { label: 'Cover picture' }),
      ...pricingValues(body, before, problems),
    }),
  });
}
