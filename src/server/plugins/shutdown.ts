import type { FastifyInstance } from 'fastify';

/**
 * Graceful close. From the moment the process is told to stop (`app.draining`, set by serve.ts on SIGTERM, before its
 * DRAIN_SECONDS) `/api/ready` answers 503 and every response ends its connection (`Connection: close`): a proxy that
 * keeps connections open to this process (nginx's upstream keepalive) then never sends a request on one that the
 * process is about to close, which would come back as a 502 for a request it may not retry (a POST). Once closing,
 * requests already being served finish, and their keep-alive connections end with them (without this, a connection
 * busy when close began would hold the server open until its keep-alive timeout).
 */
export function registerShutdown(app: FastifyInstance) {
  let closing = false;
  app.decorate('draining', false);
  app.addHook('preClose', async () => {
    closing = true;
    app.draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections?.();
  });
}
