/** A piece of plain text: words, or a link to show as a clickable anchor. */
export type Segment = { text: string } | { href: string; text: string };

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits comment text into text and http(s) links. Only http and https become links (never javascript: or data:);
 * the caller renders every segment as text (escaped), so markup in a comment is shown, never run.
 */
export function linkify(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    let url = match[0];
    const trail = url.match(TRAILING)?.[0] ?? '';
    if (trail) url = url.slice(0, -trail.length);
    const start = match.index!;
    if (start > last) out.push({ text: text.slice(last, start) });
    try {
      const href = new URL(url).href;
      out.push({ href, text: url });
    } catch {
      out.push({ text: url });
    }
    last = start + url.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
