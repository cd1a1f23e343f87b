/**
 * JSON-LD (schema.org) for the public pages, built from the API's answers and the site settings only: nothing is
 * made up. Images are the items' share pictures (stable public URLs); every URL starts with the public origin. A
 * priced item is described as it is for everybody (`isAccessibleForFree: false`), whoever renders the page.
 */
import type { PublicSettings } from '../../shared/contracts/settings.ts';
import type { Gallery } from '../../shared/contracts/galleries.ts';
import type { Post } from '../../shared/contracts/posts.ts';
import type { Product } from '../../shared/contracts/products.ts';
import type { Story } from '../../shared/contracts/stories.ts';
import type { Video } from '../../shared/contracts/videos.ts';
import { SITE_LANGUAGE } from '../../shared/messages.ts';
import { minorDigits } from '../../shared/money.ts';
import { itemRoute, SHARE_IMAGE, shareImageRoute, type CatalogueKind, type ShareKind } from '../../shared/routes.ts';
import type { ShareImage } from '../../layouts/types.ts';

export type JsonLd = Record<string, unknown>;

/** What the structured data needs of the site: its origin and a few settings. */
export interface SiteFacts {
  origin: string;
  name: string;
  logo: string;
  currency: string;
  /** Money per token in `currency`; 0 when the operator has not declared it. */
  tokenPrice: number;
}

export const siteFacts = (locals: { origin: string; settings: PublicSettings }): SiteFacts => ({
  origin: locals.origin,
  name: locals.settings.siteName,
  logo: locals.settings.logo,
  currency: locals.settings.currency,
  tokenPrice: typeof locals.settings.tokenPrice === 'number' && locals.settings.tokenPrice > 0 ? locals.settings.tokenPrice : 0,
});

export const absoluteUrl = (site: Pick<SiteFacts, 'origin'>, path: string): string => new URL(path, site.origin).href;

/** The absolute address of an item's share picture. */
export const shareImageUrl = (site: Pick<SiteFacts, 'origin'>, kind: ShareKind, id: string): string => absoluteUrl(site, shareImageRoute(kind, id));

/** An item's share picture for the page's OpenGraph and Twitter tags (the layout makes it absolute). */
export const sharePicture = (kind: ShareKind, id: string, alt: string): ShareImage => ({
  url: shareImageRoute(kind, id),
  width: SHARE_IMAGE.width,
  height: SHARE_IMAGE.height,
  alt,
});

/** The site itself: publisher of everything, and author where there is no personal byline (there are none yet). */
export const organization = (site: SiteFacts): JsonLd => ({
  '@type': 'Organization',
  name: site.name,
  url: absoluteUrl(site, '/'),
  logo: absoluteUrl(site, site.logo),
});

/** Last modified: the later of the last edit and the publication (an item edited before it went out was new then). */
export function modifiedAt(item: { updatedAt: string; createdAt: string; publishedAt?: string }): string {
  const published = item.publishedAt ?? item.createdAt;
  return new Date(item.updatedAt) > new Date(published) ? item.updatedAt : published;
}

const isPriced = (item: { isSale: boolean; price: number }) => item.isSale && item.price > 0;

/** The home page: the web site and the organization behind it. */
export function homeGraph(site: SiteFacts, description: string): JsonLd {
  const home = absoluteUrl(site, '/');
  const orgId = `${home}#organization`;
  return {
    '@graph': [
      { '@type': 'WebSite', '@id': `${home}#website`, name: site.name, url: home, description, inLanguage: SITE_LANGUAGE, publisher: { '@id': orgId } },
      { '@id': orgId, ...organization(site) },
    ],
  };
}

/** A list page: a collection whose main entity is the list of the items on this page (positions count from the first page). */
export function collectionPage(
  site: SiteFacts,
  page: { kind: CatalogueKind; name: string; description: string; url: string; items: { slug: string }[]; offset: number; total: number },
): JsonLd {
  return {
    '@type': 'CollectionPage',
    name: page.name,
    description: page.description,
    url: page.url,
    inLanguage: SITE_LANGUAGE,
    isPartOf: { '@type': 'WebSite', name: site.name, url: absoluteUrl(site, '/') },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: page.total,
      itemListElement: page.items.map((item, i) => ({
        '@type': 'ListItem',
        position: page.offset + i + 1,
        url: absoluteUrl(site, itemRoute(page.kind, item.slug)),
      })),
    },
  };
}

/**
 * A video. The stream is behind signed, expiring links (and priced videos behind a purchase), so there is no public
 * `contentUrl`; the page forbids framing, so no `embedUrl` either.
 */
export function videoObject(site: SiteFacts, video: Video, url: string): JsonLd {
  return {
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || video.title,
    thumbnailUrl: [shareImageUrl(site, 'video', video._id)],
    uploadDate: video.createdAt,
    ...(video.video.duration ? { duration: `PT${Math.round(video.video.duration)}S` } : {}),
    url,
    inLanguage: SITE_LANGUAGE,
    isAccessibleForFree: !isPriced(video),
    publisher: organization(site),
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: video.stats.views },
  };
}

/** A photo gallery; its photos are counted, not listed (a priced gallery's photos are not public). */
export function imageGallery(site: SiteFacts, gallery: Gallery, url: string): JsonLd {
  return {
    '@type': 'ImageGallery',
    name: gallery.title,
    description: gallery.description || gallery.title,
    url,
    image: [shareImageUrl(site, 'gallery', gallery._id)],
    datePublished: gallery.createdAt,
    dateModified: modifiedAt(gallery),
    inLanguage: SITE_LANGUAGE,
    isAccessibleForFree: !isPriced(gallery),
    author: organization(site),
    publisher: organization(site),
    mainEntity: { '@type': 'ItemList', numberOfItems: gallery.numOfItems },
  };
}

/** A story: an Article by the site (stories carry no byline). */
export function storyArticle(site: SiteFacts, story: Story, url: string): JsonLd {
  return {
    '@type': 'Article',
    headline: story.title,
    description: story.shortDescription || story.title,
    url,
    mainEntityOfPage: url,
    image: [shareImageUrl(site, 'story', story._id)],
    datePublished: story.publishedAt,
    dateModified: modifiedAt(story),
    inLanguage: SITE_LANGUAGE,
    isAccessibleForFree: !isPriced(story),
    author: organization(site),
    publisher: organization(site),
  };
}

/** A post is a BlogPosting by the site; a page (about, terms) is a WebPage. */
export function postPage(site: SiteFacts, post: Post, url: string): JsonLd {
  const image = post.image ? { image: [shareImageUrl(site, 'post', post._id)] } : {};
  const dates = { datePublished: post.publishedAt, dateModified: modifiedAt(post) };
  const description = post.shortDescription || post.title;
  if (post.type === 'page')
    return { '@type': 'WebPage', name: post.title, description, url, ...image, ...dates, inLanguage: SITE_LANGUAGE, publisher: organization(site) };
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    url,
    mainEntityOfPage: url,
    ...image,
    ...dates,
    inLanguage: SITE_LANGUAGE,
    author: organization(site),
    publisher: organization(site),
  };
}

/**
 * What `tokens` cost in money at the operator's declared rate (setting `tokenPrice`), rounded to the currency's minor
 * unit ("2.50" USD, "250" JPY); null when no rate is declared: a token is not money, so there is no price to state.
 */
export function moneyPrice(site: Pick<SiteFacts, 'tokenPrice' | 'currency'>, tokens: number): { price: string; priceCurrency: string } | null {
  if (!(site.tokenPrice > 0) || !/^[A-Z]{3}$/.test(site.currency)) return null;
  const digits = minorDigits(site.currency);
  return { price: (Math.round(tokens * site.tokenPrice * 10 ** digits) / 10 ** digits).toFixed(digits), priceCurrency: site.currency };
}

/** A product; an Offer only when its token price converts to money (see moneyPrice), never a made-up currency. */
export function productLd(site: SiteFacts, product: Product, url: string): JsonLd {
  const money = moneyPrice(site, product.price);
  const inStock = product.type === 'digital' || (product.stock ?? 0) > 0;
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description || product.name,
    url,
    ...(product.images.length ? { image: [shareImageUrl(site, 'product', product._id)] } : {}),
    ...(money
      ? {
          offers: {
            '@type': 'Offer',
            ...money,
            availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url,
            seller: organization(site),
          },
        }
      : {}),
  };
}
