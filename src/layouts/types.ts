/** A picture for link previews, with what OpenGraph may say about it. */
export interface ShareImage {
  /** Absolute or site-relative URL. */
  url: string;
  width?: number;
  height?: number;
  /** What the picture shows, for people who cannot see it. */
  alt?: string;
}

/** What every layout takes: the page's <head> data (title, description, sharing, structured data) and indexing. */
export interface LayoutProps {
  title?: string;
  /** The page's summary for search results and link previews (the site's own description when absent). */
  description?: string;
  noindex?: boolean;
  /** Canonical path or URL (default: this page's path, without query). */
  canonical?: string;
  /** Image for OpenGraph and Twitter cards: a URL (absolute or site-relative), or a share picture with its size. */
  image?: string | ShareImage | null;
  /** OpenGraph type: website (default), video.other, article, product ... */
  ogType?: string;
  /** JSON-LD structured data (schema.org), written into a script tag. */
  jsonLd?: Record<string, unknown> | null;
}
