import { isEmbedKind, isEmbedSlug, type EmbedKind } from '../../shared/rich-text.ts';

/** A stored text cut at its embed markers: HTML to show as it is, and the items to show as cards in between. */
export type RichPart = { html: string } | { embed: EmbedKind; slug: string };

const FIGURE = /<figure\b([^>]*)>[\s\S]*?<\/figure>/g;
const attribute = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];

/**
 * Splits sanitised content (server/lib/text/html.ts: a marker keeps only `data-embed` and `data-slug`, and figures
 * do not nest) at its `<figure data-embed data-slug>` markers; every other figure stays in the HTML.
 */
export function richParts(html: string): RichPart[] {
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of html.matchAll(FIGURE)) {
    const [kind, slug] = [attribute(match[1]!, 'data-embed'), attribute(match[1]!, 'data-slug')];
    if (!isEmbedKind(kind) || !isEmbedSlug(slug)) continue;
    if (match.index > last) parts.push({ html: html.slice(last, match.index) });
    parts.push({ embed: kind, slug });
    last = match.index + match[0].length;
  }
  if (last < html.length) parts.push({ html: html.slice(last) });
  return parts;
}
