import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answer } from './tus-answers.ts';
import { ADMIN_RAW } from '../../../shared/operations/admin.ts';

const hidden = { hide: true, tags: ['admin'] };

/**
 * `/api/admin/uploads` for tus clients (registered with the `/api` prefix). The creation shares its URL with the
 * one-piece multipart upload, so it is told apart by the `Tus-Resumable` header (a route constraint): with it, tus;
 * without it, the multipart route. Every method but OPTIONS is for admins only (401/403 before tus sees anything; the
 * session comes from the `Authorization` header alone, so a cookie cannot write). Bodies are left as streams.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  if (!app.hasConstraintStrategy('tus')) {
    app.addConstraintStrategy({
      name: 'tus',
      storage() {
        const handlers = new Map<string, unknown>();
        return { get: (value: string) => (handlers.get(value) ?? null) as never, set: (value: string, store: unknown) => void handlers.set(value, store) };
      },
      deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) => (req.headers['tus-resumable'] === undefined ? undefined : 'yes'),
      mustMatchWhenDerived: false,
    });
  }
  await app.register(
    async (tus) => {
      tus.removeAllContentTypeParsers();
      tus.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const send = (reply: FastifyReply, answer: Answer) => reply.code(answer.status).headers(answer.headers).send(answer.body);
      const run = (id: (request: FastifyRequest) => string | null) => async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('tus-resumable', '1.0.0');
        return send(reply, await app.uploads.handle(request, id(request)));
      };
      const admin = { onRequest: app.requireAdmin };
      tus.route({
        method: 'POST',
        url: '/',
        constraints: { tus: 'yes' },
        schema: { ...hidden, summary: 'tus: create an upload' },
        ...admin,
        handler: run(() => null),
      });
      tus.route({ method: 'OPTIONS', url: '/', schema: { ...hidden, summary: 'tus: what this server supports' }, handler: run(() => null) });
      tus.route({
        method: ['HEAD', 'PATCH', 'DELETE'],
        url: '/:id',
        schema: { ...hidden, summary: 'tus: offset, bytes, termination' },
        ...admin,
        handler: run((request) => (request.params as { id: string }).id),
      });
    },
    { prefix: ADMIN_RAW.upload.path },
  );
}
