import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The site's one absolute origin, for every link that leaves it (mail, payment returns, canonical, og:url, sitemap,
 * RSS): PUBLIC_URL, else where the server listens (`http://localhost:PORT`). Never taken from a request header, so a
 * forged `Host` or `X-Forwarded-Host` cannot choose where a mailed link points.
 */
export function publicOrigin(app: FastifyInstance): string {
  return app.siteOrigin;
}

/** The origin before the server listens (PORT=0 is replaced by the real port once it does, see serve.ts). */
export function configuredOrigin(config: Pick<Config, 'publicUrl' | 'port'>, listeningPort = config.port): string {
  return config.publicUrl ?? `http://localhost:${listeningPort}`;
}

/** Whether a listen address only accepts connections from this machine. */
export const isLoopbackHost = (host: string) => ['127.0.0.1', '::1', 'localhost'].includes(host) || host.startsWith('127.');
