import { Type } from 'typebox';
import { ReportBody, VIOLATION_TYPES, ViolationReport, ViolationType } from '../../../shared/contracts/community.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { keyedLimit } from '../../lib/limits.ts';
import { ok, type App } from '../../types.ts';

export async function reportsRoutes(app: App) {
  const limit = keyedLimit(app, { what: 'reports', max: 30, windowMs: 3_600_000, key: (req) => `reports:${req.auth?.user.id}` });
  app.get(
    '/violation-reports/types',
    {
      schema: {
        operationId: 'reports_types',
        tags: ['community'],
        summary: 'The reasons a report can give',
        response: { 200: Envelope(Type.Array(ViolationType)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok(VIOLATION_TYPES.map((t) => ({ ...t })));
    },
  );
  app.post(
    '/violation-reports',
    {
      schema: {
        operationId: 'reports_create',
        tags: ['community'],
        summary: 'Report an item or a comment (one open report per member and target; 409 again)',
        body: ReportBody,
        response: { 200: Envelope(ViolationReport), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      preHandler: [app.requireAuth, limit],
    },
    async (request) => ok(await app.services.reports.create(request.auth!.user.id, request.body)),
  );
}
