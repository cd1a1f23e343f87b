// @ts-check
/**
 * The bare Astro baseline of `npm run bench`: one server-rendered page of 24 static cards, no data, no islands, built
 * with this repository's astro (bench/baselines.ts) into node_modules/.cache (outside every linted or checked tree).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  outDir: process.env.BARE_ASTRO_OUT_DIR ?? fileURLToPath(new URL('../../node_modules/.cache/tessera-bare-astro/', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../../node_modules/.cache/tessera-bare-astro-cache/', import.meta.url)),
  vite: { cacheDir: fileURLToPath(new URL('../../node_modules/.cache/tessera-bare-astro-vite/', import.meta.url)) },
  devToolbar: { enabled: false },
  session: false,
  prefetch: false,
});
