import { Type } from 'typebox';
import { ADMIN_RESOURCES } from '../../../shared/admin/resources/index.ts';
import { Envelope, ErrorBody, ListPayload } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';
import { registerAdminResource, type AdminAdapter } from './admin-resource.ts';
import { searchAudit } from './audit.repository.ts';
import { categoriesAdmin } from './resources/categories.admin.ts';
import { blockedCountriesAdmin } from './resources/blocked-countries.admin.ts';
import { settingsAdminRoutes } from './settings.admin.ts';
import { dashboardAdminRoutes } from './dashboard.admin.ts';

/** A resource's adapter as the routes hold it: its bodies have been checked against the resource's schema by then. */
const erase = <B>(adapter: AdminAdapter<B>) => adapter as unknown as AdminAdapter;

const AuditEntry = Type.Object({
  _id: Type.String(),
  actor: Type.Object({ _id: Type.Union([Type.String(), Type.Null()]), username: Type.String() }),
  resource: Type.String(),
  targetId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  createdAt: Type.String(),
});
const AuditQuery = Type.Object({
  resource: Type.Optional(Type.String({ maxLength: 60 })),
  targetId: Type.Optional(Type.String({ maxLength: 200 })),
  action: Type.Optional(Type.String({ maxLength: 60 })),
  actorId: Type.Optional(Type.String({ format: 'uuid' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

/** `/api/admin/*`: admins only (401 anonymous, 403 members); one convention for every resource, and the audit log. */
export async function adminRoutes(app: App) {
  await app.register(adminScope, { prefix: '/admin' });
}

async function adminScope(api: App) {
  api.addHook('onRequest', api.requireAdmin);
  const db = api.database.db;
  const adapters: Record<string, AdminAdapter> = {
    categories: erase(categoriesAdmin(db)),
    'blocked-countries': erase(blockedCountriesAdmin(api.services.countryBlock)),
  };
  for (const resource of ADMIN_RESOURCES) registerAdminResource(api, resource, adapters[resource.name]!);
  await settingsAdminRoutes(api);
  await dashboardAdminRoutes(api);

  api.get(
    '/audit',
    {
      schema: {
        operationId: 'admin_audit_list',
        tags: ['admin'],
        summary: 'The audit log: every back-office write, newest first',
        querystring: AuditQuery,
        response: { 200: Envelope(ListPayload(AuditEntry)), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { rows, total } = await searchAudit(db, request.query);
      return ok({
        data: rows.map((r) => ({
          _id: r.id,
          actor: { _id: r.actorId, username: r.actorName },
          resource: r.resource,
          targetId: r.targetId,
          action: r.action,
          before: r.before ?? null,
          after: r.after ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      });
    },
  );
}
