import sanitize from 'sanitize-html';

/** The HTML that story and post content may contain; everything else (scripts, handlers, styles) is removed. */
export function sanitizeContent(html: string): string {
  return sanitize(html, {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'code', 'pre', 'hr', 'figure', 'figcaption'],
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitize.simpleTransform('a', { rel: 'nofollow noopener' }) },
  });
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Plain paragraphs as sanitised HTML. */
export const paragraphsToHtml = (paragraphs: string[]): string => sanitizeContent(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'));
