// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { tesseraDevServer } from './src/server/dev-integration.ts';
import { tesseraHost } from './src/server/site/astro-adapter.ts';
import { clientDirectives } from './src/client/directives/integration.ts';
import { CSP_CONFIG } from './src/shared/csp.ts';
import { tagIslands } from './src/islands/renderer-tag.ts';

// The site: server-rendered pages with React islands, rendered by the host (src/server/site/) through Astro's app, which
// the adapter's entry (src/entry.server.ts) hands it. Pages are rendered whole rather than streamed: the host buffers
// each one for its cache and compression (docs/decisions.md).
export default defineConfig({
  output: 'server',
  adapter: tesseraHost(),
  integrations: [react({ experimentalDisableStreaming: true }), clientDirectives(), tesseraDevServer()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  // The server build must resolve runtime packages from node_modules, not bundle a second copy; islands name their
  // renderer (src/islands/renderer-tag.ts).
  vite: {
    plugins: [tagIslands()],
    ssr: { external: ['socket.io-client'] },
    // The browser's store core (nanostores, the toast and reset stores, the flash message) in one chunk: a member's
    // page loads all of it; left to the bundler it came in three files, 0.3 KB more on a member's video page (a
    // visitor's page pays 0.2 KB for it; `npm run bench:js`).
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: { codeSplitting: { groups: [{ name: 'core', test: /node_modules\/nanostores\/|src\/stores\/(toast|reset)\.ts|src\/client\/flash\.ts/ }] } },
          },
        },
      },
    },
  },
  prefetch: false,
  devToolbar: { enabled: false },
  session: false,
  // The Content-Security-Policy header of every page: src/shared/csp.ts.
  security: { csp: CSP_CONFIG },
  env: {
    schema: {
      PUBLIC_API_BASE: envField.string({ context: 'client', access: 'public', default: '/api' }),
      SOCKET_ENDPOINT: envField.string({ context: 'client', access: 'public', default: '' }),
    },
  },
});
