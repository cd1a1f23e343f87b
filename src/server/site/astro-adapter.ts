import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import node, { getAdapter } from '@astrojs/node';

/**
 * The site's Astro adapter: @astrojs/node's build settings, with Tessera's own server entry (src/entry.server.ts). That
 * entry hands the host Astro's app itself (web `Request` in, web `Response` out) instead of @astrojs/node's Node
 * middleware, which wanted a Node response to write into.
 */
export function tesseraHost(): AstroIntegration {
  const nodeBuild = node({ mode: 'middleware', experimentalDisableStreaming: true });
  return {
    name: 'tessera-host',
    hooks: {
      'astro:config:setup': nodeBuild.hooks['astro:config:setup'],
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({ ...getAdapter({ staticHeaders: false }), serverEntrypoint: fileURLToPath(new URL('../../entry.server.ts', import.meta.url)) }),
    },
  };
}
