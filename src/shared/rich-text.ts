/**
 * What stored rich text (posts, pages, stories, descriptions) may contain: one list for the server's sanitiser
 * (server/lib/text/html.ts) and the editor's own cleaning, so that what the editor writes is what is kept.
 */
export const RICH_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'code',
  'pre',
  'hr',
  'figure',
  'figcaption',
  'img',
] as const;

/** Attributes kept, by tag (every other attribute is dropped). */
export const RICH_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  figure: ['data-embed', 'data-slug'],
};

/** What a text may show as a card of one of the site's items: `<figure data-embed="video" data-slug="…">`. */
export const EMBED_KINDS = ['video', 'gallery', 'product'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];
export const isEmbedKind = (value: unknown): value is EmbedKind => (EMBED_KINDS as readonly string[]).includes(String(value));
/** The admin resource an embed's item is searched in. */
export const EMBED_RESOURCES: Record<EmbedKind, string> = { video: 'videos', gallery: 'galleries', product: 'products' };

/** A slug as items have them (lib/text/slug.ts): lower-case words and digits joined by hyphens. */
export const isEmbedSlug = (value: unknown): value is string => typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 200;

/** A picture's address a text may show: the site's own public media (`/media/public/…`) or any https address. */
export const isRichImageSrc = (src: string): boolean =>
  (/^\/media\/public\/[A-Za-z0-9_\-/]+\.[a-z0-9]{2,5}$/.test(src) && !src.includes('//')) || /^https:\/\/[^\s"'<>]+$/i.test(src);

/** Where a link may go: the web (http, https), e-mail, or a path of this site. */
export const isRichHref = (href: string): boolean => /^(https?:\/\/|mailto:)[^\s]+$/i.test(href) || /^\/(?!\/)[^\s]*$/.test(href);

/** What a rich-text field says under it. */
export const RICH_TEXT_HINT =
  'Headings, bold, italic, links, lists, quotes, dividers, pictures, and cards of the site’s videos, galleries and products. Markdown as you type: ## heading, **bold**, *italic*, - list, 1. list, > quote, ---.';

/** The resources whose text has a preview page (`/admin/<resource>/<id>/preview`). */
export const PREVIEWED_RESOURCES = ['posts', 'stories'];
