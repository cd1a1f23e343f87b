import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { banners, categories, galleries, photos, posts, products, stories, videos } from '../schema.ts';
import { paragraphsToHtml } from '../../lib/text/html.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { DEMO_BANNERS, DEMO_GALLERIES, DEMO_POSTS, DEMO_PRODUCTS, DEMO_STORIES, DEMO_VIDEOS } from './catalogue-data.ts';
import { loadDemoMedia } from './demo-media.ts';

const HOUR = 3600_000;

/**
 * Inserts the demo catalogue (media copied into `storage`); categories must exist already. With `scale` > 1 the
 * videos are repeated as older "Part N" copies (SEED_SCALE, for benchmarks and long lists).
 */
export async function seedCatalogue(db: Tx, storage: Storage, { scale = 1, now = Date.now() } = {}): Promise<void> {
  const media = await loadDemoMedia(storage);
  const allSlugs = [...DEMO_VIDEOS, ...DEMO_GALLERIES, ...DEMO_STORIES, ...DEMO_POSTS, ...DEMO_PRODUCTS].flatMap((i) => i.categories);
  const found = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, [...new Set(allSlugs), '']));
  const ids = (slugs: string[]) => slugs.map((s) => found.find((c) => c.slug === s)?.id).filter((id): id is string => Boolean(id));
  // Older items first in each list, a day or so apart; views vary so that "popular" differs from "newest".
  const ago = (i: number, step = 26) => new Date(now - (i + 1) * step * HOUR);
  const views = (i: number) => ((i * 37) % 190) + 12;
  // Every third story and post was corrected six hours after it went out (its dateModified, sitemap lastmod).
  const edited = (i: number, step: number) => new Date(ago(i, step).getTime() + (i % 3 === 0 ? 6 * HOUR : 0));

  await db.transaction(async (tx) => {
    const copies = Array.from({ length: scale }, (_, c) => DEMO_VIDEOS.map((v, i) => ({ v, i, c }))).flat();
    await tx.insert(videos).values(
      copies.map(({ v, i, c }) => ({
        slug: slugify(c ? `${v.title} part ${c + 1}` : v.title),
        title: c ? `${v.title} (Part ${c + 1})` : v.title,
        description: v.description,
        tags: v.tags,
        categoryIds: ids(v.categories),
        thumbnail: media.videos[i]!.thumbnail,
        video: media.videos[i]!.video,
        isSale: v.price > 0,
        price: v.price,
        views: views(i + c),
        createdAt: ago(i + c * DEMO_VIDEOS.length),
        updatedAt: ago(i + c * DEMO_VIDEOS.length),
      })),
    );
    for (const [i, g] of DEMO_GALLERIES.entries()) {
      const images = media.galleries[i]!.photos;
      const [gallery] = await tx
        .insert(galleries)
        .values({
          slug: slugify(g.title),
          title: g.title,
          description: g.description,
          tags: g.tags,
          categoryIds: ids(g.categories),
          cover: images[0]!,
          numOfItems: images.length,
          isSale: g.price > 0,
          price: g.price,
          views: views(i + 3),
          createdAt: ago(i, 30),
          updatedAt: ago(i, 30),
        })
        .returning({ id: galleries.id });
      await tx
        .insert(photos)
        .values(
          images.map((image, p) => ({ target: 'gallery' as const, targetId: gallery!.id, title: `${g.title} ${p + 1}`, image, isCover: p === 0, ordering: p })),
        );
    }
    await tx.insert(stories).values(
      DEMO_STORIES.map((s, i) => ({
        slug: slugify(s.title),
        title: s.title,
        shortDescription: s.shortDescription,
        content: paragraphsToHtml(s.paragraphs),
        tags: s.tags,
        categoryIds: ids(s.categories),
        cover: media.stories[i]!,
        isSale: s.price > 0,
        price: s.price,
        views: views(i + 5),
        publishedAt: ago(i, 40),
        createdAt: ago(i, 40),
        updatedAt: edited(i, 40),
      })),
    );
    await tx.insert(posts).values(
      DEMO_POSTS.map((p, i) => ({
        slug: p.slug ?? slugify(p.title),
        type: p.type,
        title: p.title,
        shortDescription: p.shortDescription,
        content: paragraphsToHtml(p.paragraphs),
        categoryIds: ids(p.categories),
        image: media.posts[i] ?? null,
        views: views(i + 7),
        publishedAt: ago(i, 50),
        createdAt: ago(i, 50),
        updatedAt: edited(i, 50),
      })),
    );
    await tx.insert(products).values(
      DEMO_PRODUCTS.map((p, i) => ({
        slug: slugify(p.name),
        name: p.name,
        description: p.description,
        type: p.type,
        price: p.price,
        stock: p.type === 'physical' ? (p.stock ?? 0) : null,
        tags: p.tags,
        categoryIds: ids(p.categories),
        images: media.products[i]!.images,
        file: media.products[i]!.file,
        views: views(i + 11),
        createdAt: ago(i, 20),
        updatedAt: ago(i, 20),
      })),
    );
    await tx
      .insert(banners)
      .values(
        DEMO_BANNERS.map((b, i) => ({ title: b.title, description: b.description, link: b.link, position: b.position, photo: media.banners[i]!, ordering: i })),
      );
  });
}
