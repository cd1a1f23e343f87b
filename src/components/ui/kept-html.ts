/**
 * How many pieces of HTML a process keeps: a list page's 24 cards are ~28 KB of HTML under a ~24 KB key, so at most
 * ~10 MB.
 */
const KEPT = 200;
const kept = new Map<string, string>();

/**
 * The key of HTML drawn from `input` alone: its JSON, as it is (hashing it too cost more than the Map's own hashing
 * of the string: ~35 µs for a list page's cards).
 */
export const keyOf = (input: unknown): string => JSON.stringify(input);

const frozenKeys = new WeakMap<object, Map<string, string>>();

/**
 * `keyOf([...parts, value])` for a value that cannot change (frozen all through: a stored answer's cards, the same
 * object at every render that shows them), worked out once per value and parts instead of at every render.
 */
export function keyOfFrozen(parts: readonly (string | number)[], value: object): string {
  if (!Object.isFrozen(value)) return keyOf([...parts, value]);
  let byParts = frozenKeys.get(value);
  if (!byParts) frozenKeys.set(value, (byParts = new Map()));
  const head = parts.join('\u0000');
  let key = byParts.get(head);
  if (key === undefined) byParts.set(head, (key = keyOf([...parts, value])));
  return key;
}

/** The HTML kept under `key`, if any (it becomes the most recently used). */
export function keptHtml(key: string): string | undefined {
  const html = kept.get(key);
  if (html !== undefined) {
    kept.delete(key);
    kept.set(key, html);
  }
  return html;
}

/**
 * Keeps `html` under `key`; the least recently used goes first. Not under `astro dev`, where the components that drew
 * it change while the process lives (kept HTML would outlast an edit).
 */
export function keepHtml(key: string, html: string): void {
  if (import.meta.env.MODE === 'development') return;
  if (kept.size >= KEPT && !kept.has(key)) kept.delete(kept.keys().next().value!);
  kept.set(key, html);
}
