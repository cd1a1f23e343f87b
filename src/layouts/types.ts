/** What every layout takes: the page's <head> data (title, description, sharing, structured data) and indexing. */
export interface LayoutProps {
  title?: string;
  description?: string;
  noindex?: boolean;
  /** Canonical path or URL (default: this page's path, without query). */
  canonical?: string;
  /** Image for OpenGraph and Twitter cards (absolute or site-relative URL). */
  image?: string | null;
  /** OpenGraph type: website (default), video.other, article, product ... */
  ogType?: string;
  /** JSON-LD structured data (schema.org), written into a script tag. */
  jsonLd?: Record<string, unknown> | null;
}
