import type { FastifyInstance } from 'fastify';

/**
 * Graceful close: requests already being served finish, and their keep-alive connections end with them (without
 * this, a connection busy when close began would hold the server open until its keep-alive timeout). From the
 * moment the process is told to stop (`app.draining`, set by main.ts before its drain delay) `/api/ready` answers 503.
 */
export function registerShutdown(app: FastifyInstance) {
  let closing = false;
  app.decorate('draining', false);
  app.addHook('preClose', async () => {
    closing = true;
    app.draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections?.();
  });
}
