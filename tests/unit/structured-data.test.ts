import { describe, expect, it } from 'vitest';
import {
  collectionPage,
  homeGraph,
  imageGallery,
  modifiedAt,
  moneyPrice,
  postPage,
  productLd,
  storyArticle,
  videoObject,
  type JsonLd,
  type SiteFacts,
} from '../../src/components/catalogue/structured-data.ts';
import type { Gallery } from '../../src/shared/contracts/galleries.ts';
import type { ImageRef } from '../../src/shared/contracts/media.ts';
import type { Post } from '../../src/shared/contracts/posts.ts';
import type { Product } from '../../src/shared/contracts/products.ts';
import type { Story } from '../../src/shared/contracts/stories.ts';
import type { Video } from '../../src/shared/contracts/videos.ts';
import { checkJsonLd } from '../helpers/schema-org.ts';

const ORIGIN = 'https://shop.example';
const site: SiteFacts = { origin: ORIGIN, name: 'Tessera', logo: '/images/logo.svg', currency: 'USD', tokenPrice: 0 };
const valid = (ld: JsonLd) => checkJsonLd({ '@context': 'https://schema.org', ...ld }, { origin: ORIGIN });

// What a locked item looks like to an anonymous visitor: a signed, expiring preview link, never to be printed.
const preview: ImageRef = { url: '/media/img/x/preview.webp?e=1&s=abc', thumbnails: [], sources: [], width: 1600, height: 900, locked: true };
const dates = { createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z' };
const common = { tags: [], categories: [], stats: { views: 7, likes: 0, favourites: 0, comments: 0 }, ...dates };
const flags = { isLiked: false, isFavourited: false, isWatchedLater: false, isBought: false, isLocked: true };
const video: Video = {
  ...common,
  ...flags,
  _id: 'v1',
  slug: 'the-garden',
  title: 'The Garden',
  description: 'Gliders.',
  thumbnail: preview,
  teaser: null,
  video: { url: null, duration: 4, width: 640, height: 360, mimeType: 'video/webm' },
  stream: { url: null, expiresAt: null },
  isSale: true,
  price: 25,
  isSchedule: false,
  scheduledAt: null,
  status: 'active',
};
const gallery: Gallery = {
  ...common,
  ...flags,
  _id: 'g1',
  slug: 'city',
  title: 'City',
  description: '',
  coverPhoto: preview,
  numOfItems: 8,
  isSale: true,
  price: 30,
  status: 'active',
};
const story: Story = {
  ...common,
  ...flags,
  _id: 's1',
  slug: 'night',
  title: 'Night',
  shortDescription: 'Notes.',
  content: null,
  coverImage: preview,
  isSale: true,
  price: 15,
  publishedAt: '2026-01-03T10:00:00.000Z',
};
const post: Post = {
  ...common,
  _id: 'p1',
  slug: 'welcome',
  type: 'post',
  title: 'Welcome',
  shortDescription: 'Hello.',
  content: '<p>Hi</p>',
  image: null,
  publishedAt: '2026-01-03T10:00:00.000Z',
};
const product: Product = {
  ...common,
  _id: 'pr1',
  slug: 'mug',
  name: 'Mug',
  description: 'Enamel.',
  type: 'physical',
  price: 35,
  stock: 0,
  images: [{ ...preview, locked: false }],
  isBought: false,
  isLiked: false,
  isFavourited: false,
};
const url = (path: string) => `${ORIGIN}${path}`;

describe('JSON-LD of the public pages', () => {
  it('every type is valid schema.org, with the properties search engines require', () => {
    const docs = {
      home: homeGraph(site, 'A shop.'),
      list: collectionPage(site, {
        kind: 'video',
        name: 'Videos',
        description: 'Films.',
        url: url('/videos'),
        items: [{ slug: 'a' }, { slug: 'b' }],
        offset: 24,
        total: 30,
      }),
      video: videoObject(site, video, url('/videos/the-garden')),
      gallery: imageGallery(site, gallery, url('/galleries/city')),
      story: storyArticle(site, story, url('/stories/night')),
      post: postPage(site, post, url('/posts/welcome')),
      page: postPage(site, { ...post, type: 'page', slug: 'about' }, url('/posts/about')),
      product: productLd(site, product, url('/store/mug')),
    };
    for (const [page, ld] of Object.entries(docs)) expect(valid(ld), page).toEqual([]);
  });

  it('pictures are the share pictures on the public origin, never the signed links the API hands out', () => {
    const text = JSON.stringify([videoObject(site, video, url('/v')), imageGallery(site, gallery, url('/g')), storyArticle(site, story, url('/s'))]);
    expect(text).not.toContain('/media/');
    expect(videoObject(site, video, url('/v')).thumbnailUrl).toEqual([`${ORIGIN}/share/video/v1.jpg`]);
    expect(storyArticle(site, story, url('/s')).image).toEqual([`${ORIGIN}/share/story/s1.jpg`]);
  });

  it('a priced item is described as priced, whoever renders the page (a buyer, an admin)', () => {
    expect(videoObject(site, { ...video, isLocked: false, isBought: true }, url('/v')).isAccessibleForFree).toBe(false);
    expect(storyArticle(site, { ...story, isLocked: false }, url('/s')).isAccessibleForFree).toBe(false);
    expect(videoObject(site, { ...video, isSale: false, price: 0, isLocked: false }, url('/v')).isAccessibleForFree).toBe(true);
  });

  it('articles have the site as author and a dateModified never before their publication', () => {
    expect(storyArticle(site, story, url('/s'))).toMatchObject({
      author: { '@type': 'Organization', name: 'Tessera', url: `${ORIGIN}/` },
      datePublished: story.publishedAt,
      dateModified: story.updatedAt,
    });
    // Edited before it went out: modified when published.
    const early = { ...post, updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(postPage(site, early, url('/p')).dateModified).toBe(post.publishedAt);
    expect(modifiedAt(early)).toBe(post.publishedAt);
  });

  it('a product has an Offer in money only when the operator declared what a token is worth; no made-up currency', () => {
    const none = productLd(site, product, url('/store/mug'));
    expect(none.offers).toBeUndefined();
    expect(JSON.stringify(none)).not.toContain('XTS');

    const priced = productLd({ ...site, tokenPrice: 0.1 }, product, url('/store/mug'));
    expect(priced.offers).toMatchObject({
      '@type': 'Offer',
      price: '3.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
      url: url('/store/mug'),
    });
    expect(valid(priced)).toEqual([]);
    // Rounded to the currency's own precision.
    expect(moneyPrice({ tokenPrice: 0.333, currency: 'EUR' }, 10)).toEqual({ price: '3.33', priceCurrency: 'EUR' });
    expect(moneyPrice({ tokenPrice: 12.5, currency: 'JPY' }, 3)).toEqual({ price: '38', priceCurrency: 'JPY' });
    expect(moneyPrice({ tokenPrice: 0, currency: 'USD' }, 10)).toBeNull();
  });

  it('the checker itself refuses what the pages used to print (made-up currency, properties of other types, signed links)', () => {
    const old = {
      '@type': 'Product',
      name: 'Mug',
      description: 'Enamel.',
      image: [`${ORIGIN}/media/img/x/w640.webp?e=1&s=abc`],
      offers: { '@type': 'Offer', price: 35, priceCurrency: 'XTS' },
    };
    expect(valid(old)).toEqual([
      `$.image[0]: "${ORIGIN}/media/img/x/w640.webp?e=1&s=abc" is not a valid URL or ImageObject`,
      '$.offers.priceCurrency: "XTS" is not a valid Currency',
    ]);
    expect(valid({ '@type': 'ImageGallery', name: 'City', description: 'x', url: url('/g'), image: [url('/share/gallery/g1.jpg')], numberOfItems: 8 })).toEqual(
      ['$.numberOfItems: not a property of ImageGallery'],
    );
    expect(valid({ '@type': 'Article', headline: 'Night', image: [url('/x.jpg')], datePublished: '2026-01-03' })).toEqual([
      '$: Article needs dateModified',
      '$: Article needs author',
      '$: Article needs publisher',
    ]);
  });
});
