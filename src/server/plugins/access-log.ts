import type { FastifyInstance } from 'fastify';

/**
 * One short line per request (`ACCESS_LOG=1` or `LOG_LEVEL=debug`): `GET /videos 200 3.1 ms`, at `info` so it shows
 * whenever the operator asked for it. `LOG_LEVEL=trace` also notes each request as it arrives (`→ GET /videos`), to
 * see what is in flight. Failures are logged by the error handler whether or not this is on.
 */
export function registerAccessLog(app: FastifyInstance) {
  if (app.log.level === 'trace') app.addHook('onRequest', async (request) => app.log.trace(`→ ${request.method} ${request.url}`));
  app.addHook('onResponse', async (request, reply) => {
    app.log.info(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
  });
}
