import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The site's absolute origin for links that leave it (mail, payment returns): PUBLIC_URL, else the request's own. */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
