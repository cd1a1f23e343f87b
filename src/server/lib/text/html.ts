import sanitize from 'sanitize-html';
import { RICH_ATTRIBUTES, RICH_TAGS, isEmbedKind, isEmbedSlug, isRichHref, isRichImageSrc } from '../../../shared/rich-text.ts';

/**
 * The HTML that story and post content may contain (shared/rich-text.ts); everything else (scripts, handlers, styles,
 * foreign attributes) is removed. Pictures only from the site's public media or https, with their alt text and size;
 * an embed marker only with a known kind and a slug; links only to the web, e-mail or a path of this site.
 */
export function sanitizeContent(html: string): string {
  return sanitize(html, {
    allowedTags: [...RICH_TAGS],
    allowedAttributes: RICH_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const { href, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: { ...(href && isRichHref(href) ? { href } : {}), ...rest, rel: 'nofollow noopener' } };
      },
      figure: (tagName, attribs) => {
        const [kind, slug] = [attribs['data-embed'], attribs['data-slug']];
        const kept: sanitize.Attributes = isEmbedKind(kind) && isEmbedSlug(slug) ? { 'data-embed': kind, 'data-slug': slug } : {};
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const size = (v: string | undefined) => (v && /^\d{1,5}$/.test(v) ? v : undefined);
        const [width, height] = [size(attribs.width), size(attribs.height)];
        return {
          tagName,
          attribs: {
            ...(attribs.src && isRichImageSrc(attribs.src) ? { src: attribs.src } : {}),
            alt: attribs.alt ?? '',
            ...(width ? { width } : {}),
            ...(height ? { height } : {}),
          },
        };
      },
    },
    // A picture whose address was refused is dropped, not left as an empty <img>.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Plain paragraphs as sanitised HTML. */
export const paragraphsToHtml = (paragraphs: string[]): string => sanitizeContent(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'));
