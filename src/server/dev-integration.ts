import path from 'node:path';
import type { AstroIntegration } from 'astro';

/**
 * `npm run dev`: the Astro dev server (hot reload for the site) with the same API, media and live connection mounted
 * into it, on the same port. The API is loaded once; restart `npm run dev` after changing server code.
 */
export function tesseraDevServer(): AstroIntegration {
  return {
    name: 'tessera-dev-server',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        // Vitest also starts a Vite server (middleware mode, no HTTP server): there is nothing to mount then.
        if (!server.httpServer || process.env.VITEST) return;
        // Loaded by Node itself (type stripping), not through Vite, so the API runs exactly as in production.
        const { getConfig } = await import(path.resolve('src/server/config.ts'));
        const { openConfiguredDatabase } = await import(path.resolve('src/server/db/client.ts'));
        const { prepareDatabase } = await import(path.resolve('src/server/db/seed.ts'));
        const { buildApp } = await import(path.resolve('src/server/app.ts'));
        // The dev site calls the API over loopback HTTP with X-Forwarded-For (no in-process transport): trust loopback here only.
        const trustProxy = ['127.0.0.1', '::1', process.env.TRUST_PROXY].filter(Boolean).join(',');
        const config = getConfig({ ...process.env, NODE_ENV: 'development', TRUST_PROXY: trustProxy });
        const database = await openConfiguredDatabase(config, 'dev server');
        await prepareDatabase(database, config);
        const app = await buildApp(config, { database, serverFactory: () => server.httpServer });
        await app.ready();
        const served = (url = '') => url === '/api' || ['/api/', '/media/', '/share/'].some((prefix) => url.startsWith(prefix));
        server.middlewares.use((req, res, next) => (served(req.url) ? app.routing(req, res) : next()));
        server.httpServer?.once('close', () => {
          void app.close().finally(() => database.close());
        });
        logger.info('API, live connection and database mounted (same port)');
      },
    },
  };
}
