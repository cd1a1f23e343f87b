/**
 * The built site's entry (dist/server/entry.mjs; astro.config.mjs's adapter, src/server/site/astro-adapter.ts): Astro's
 * app, which renders a web `Request` into a web `Response`, what each page declares about itself, and where the
 * browser's API and live connection are (build-time values), so that the host (src/server/site/) decides a page's site
 * mode before its render and finishes its Content-Security-Policy after it.
 */
import { createApp } from 'astro/app/entrypoint';
import { setGetEnv } from 'astro/env/setup';
import { PUBLIC_API_BASE, SOCKET_ENDPOINT } from 'astro:env/client';

setGetEnv((key) => process.env[key]);

/** Pages are rendered whole, not streamed: the host keeps them in its page cache and compresses them (docs/decisions.md). */
export const site = createApp({ streaming: false });
export { pageMeta } from './middleware/page-meta.ts';
export const browserEndpoints = { apiBase: PUBLIC_API_BASE, socketEndpoint: SOCKET_ENDPOINT };
