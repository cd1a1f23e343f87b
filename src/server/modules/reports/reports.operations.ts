import { Type } from 'typebox';
import { ReportBody, VIOLATION_TYPES, ViolationReport, ViolationType } from '../../../shared/contracts/community.ts';
import { REPORTS } from '../../../shared/operations/reports.ts';
import { keyedLimit } from '../../lib/http/limits.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export function reportsOperations(app: App) {
  const limit = keyedLimit(app, { what: 'reports', max: 30, windowMs: 3_600_000, key: (req) => `reports:${req.auth?.user.id}` });
  return operations(REPORTS, {
    types: {
      operationId: 'reports_types',
      summary: 'The reasons a report can give',
      tags: ['community'],
      access: 'anyone',
      response: Type.Array(ViolationType),
      errors: [],
      run: (_, ctx) => {
        ctx.answerHeaders['cache-control'] = 'public, max-age=86400';
        return VIOLATION_TYPES.map((t) => ({ ...t }));
      },
    },
    create: {
      operationId: 'reports_create',
      summary: 'Report an item or a comment (one open report per member and target; 409 again)',
      tags: ['community'],
      access: 'member',
      body: ReportBody,
      response: ViolationReport,
      errors: [400, 401, 404, 409, 429],
      limits: [limit],
      run: ({ body }, { auth }) => app.services.reports.create(auth!.user.id, body),
    },
  });
}
