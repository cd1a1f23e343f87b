import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners, galleries, posts, products, stories, videos } from '../../db/schema.ts';
import { renderShareImage, shareKey } from '../../lib/media/images.ts';
import type { StoredImage } from '../../lib/media/media-types.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { ShareKind } from '../../../shared/routes.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { canView, notHiddenFrom } from './access.ts';
import type { CatalogueTable } from './kinds.ts';
import { listWhere } from './query.ts';
import { GALLERIES, POSTS, PRODUCTS, STORIES, VIDEOS } from './tables.ts';

/** What a share picture is made from: the item's picture, and whether the item is priced (then it is blurred). */
interface ShareSource {
  image: StoredImage;
  locked: boolean;
}
type Row = { image: StoredImage | StoredImage[] | null; isSale: boolean; price: number };

/**
 * The public share pictures (`/share/<kind>/<id>.jpg`): one per published item, made from its cover (video poster,
 * gallery cover, story or post image, first product image, banner photo). A priced item's picture is judged by the
 * one access rule for an anonymous viewer, so it is always the blurred rendition, whoever asks and whatever they own.
 * Renditions are made on first request and kept beside the image in storage (items stored before share pictures
 * existed get theirs the same way); a later cover gets its own.
 */
export class ShareImages {
  private readonly db: Db;
  private readonly storage: Storage;
  /** Renditions being made right now, so that simultaneous first requests make each one once. */
  private readonly making = new Map<string, Promise<boolean>>();
  constructor(db: Db, storage: Storage) {
    this.db = db;
    this.storage = storage;
  }

  /** The storage key of the item's share picture, made now if needed; null when there is no such item or picture. */
  async keyOf(kind: ShareKind, id: string): Promise<string | null> {
    const source = await this.source(kind, id);
    if (!source) return null;
    const key = shareKey(source.image, source.locked);
    if (await this.storage.stat(key)) return key;
    let made = this.making.get(key);
    if (!made) {
      made = this.make(key, source).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return (await made) ? key : null;
  }

  private async make(key: string, source: ShareSource): Promise<boolean> {
    // An image row whose files are gone (a restored database without its media) has no share picture: a 404, not a 500.
    if (!(await this.storage.stat(source.image.key))) return false;
    const original = Buffer.concat(await (await this.storage.read(source.image.key)).toArray());
    await this.storage.put(key, await renderShareImage(original, source.locked), 'image/jpeg');
    return true;
  }

  /** The published item's picture and lock state (as an anonymous visitor sees it); null when there is none. */
  private async source(kind: ShareKind, id: string): Promise<ShareSource | null> {
    const row = await this.row(kind, id);
    const image = Array.isArray(row?.image) ? row.image[0] : row?.image;
    if (!row || !image) return null;
    return { image, locked: !canView(null, { isSale: row.isSale, price: row.price, isBought: false }) };
  }

  private async row(kind: ShareKind, id: string): Promise<Row | null> {
    // Published and not hidden by moderation (an anonymous visitor's view).
    const published = (spec: CatalogueTable<PgTable>): SQL =>
      listWhere(spec.columns, {}, [eq(spec.columns.id, id), notHiddenFrom(null, spec.kind, spec.columns)]).where;
    const first = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
    // Posts are free to read, and products are sold through the cart, never locked: their pictures are public.
    const free = async (image: Promise<{ image: Row['image'] } | null>): Promise<Row | null> => {
      const row = await image;
      return row && { image: row.image, isSale: false, price: 0 };
    };
    switch (kind) {
      case 'video':
        return first(
          this.db
            .select({ image: videos.thumbnail, isSale: videos.isSale, price: videos.price })
            .from(videos)
            .where(published(VIDEOS as never)),
        );
      case 'gallery':
        return first(
          this.db
            .select({ image: galleries.cover, isSale: galleries.isSale, price: galleries.price })
            .from(galleries)
            .where(published(GALLERIES as never)),
        );
      case 'story':
        return first(
          this.db
            .select({ image: stories.cover, isSale: stories.isSale, price: stories.price })
            .from(stories)
            .where(published(STORIES as never)),
        );
      case 'post':
        return free(
          first(
            this.db
              .select({ image: posts.image })
              .from(posts)
              .where(published(POSTS as never)),
          ),
        );
      case 'product':
        return free(
          first(
            this.db
              .select({ image: products.images })
              .from(products)
              .where(published(PRODUCTS as never)),
          ),
        );
      case 'banner':
        return free(
          first(
            this.db
              .select({ image: banners.photo })
              .from(banners)
              .where(and(eq(banners.id, id), eq(banners.status, 'active'))),
          ),
        );
    }
  }
}
