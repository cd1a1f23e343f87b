import type { Plugin } from 'vite';

/** The renderer every island is drawn with: @astrojs/react's name. */
export const ISLAND_RENDERER = '@astrojs/react';

const ISLAND = /\/src\/islands\/.+\.tsx$/;

/**
 * Vite plugin (astro.config.mjs): tags every island's component with its renderer, as Astro's compiler tags .astro
 * components. Untagged, Astro finds the renderer by asking each renderer's `check()`, and @astrojs/react's renders the
 * component once more to see whether it gives React elements: an extra render of every island at every page render
 * (docs/performance.md).
 */
export function tagIslands(): Plugin {
  return {
    name: 'tessera-tag-islands',
    // Only the server's build: the browser's hydration names its renderer itself.
    transform: (code, id, options) => (options?.ssr ? (tagIsland(code, id) ?? undefined) : undefined),
  };
}

/** The module with its default-exported component tagged, or null when it is not an island module. */
export function tagIsland(code: string, id: string): { code: string; map: null } | null {
  if (!ISLAND.test(id.split('?')[0]!)) return null;
  const name = /^export default function (\w+)/m.exec(code)?.[1];
  if (!name) return null;
  return { code: `${code}\n${name}[Symbol.for('astro:renderer')] = '${ISLAND_RENDERER}';\n`, map: null };
}
