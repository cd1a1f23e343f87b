/** The inlined SVG of each icon as drawn (a few dozen in all), worked out once rather than at every render. */
const drawn = new Map<string, string>();

/** A lucide-static icon's SVG at `size` px: decorative (hidden from assistive technology) unless it has a label. */
export function iconHtml(svg: string, size: number, label?: string): string {
  const key = `${size}\u0000${label ?? ''}\u0000${svg}`;
  let html = drawn.get(key);
  if (html === undefined) {
    html = svg
      .replace(/\s+/g, ' ')
      .replace('<svg', `<svg width="${size}" height="${size}" ${label ? `role="img" aria-label="${label}"` : 'aria-hidden="true" focusable="false"'}`)
      .replace(/ width="24" height="24"/, '');
    drawn.set(key, html);
  }
  return html;
}
