import { Type, type Static } from 'typebox';
import { ADMIN_RESOURCES } from '../../../shared/admin/resources/index.ts';
import { Envelope, ErrorBody, ListPayload } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';
import { adminResourceOperations, registerAdminExport, type AdminAdapter } from './admin-resource.ts';
import { registerOperations } from '../../operations/register.ts';
import { operations, type Operation } from '../../operations/define.ts';
import { ADMIN, ADMIN_RAW } from '../../../shared/operations/admin.ts';
import { searchAudit } from '../audit/audit.repository.ts';
import { blockedCountriesAdmin } from './resources/blocked-countries.admin.ts';
import { settingsAdminOperations, settingsAdminRoutes } from './settings.admin.ts';
import { withGrantActions } from './resources/grant-actions.admin.ts';
import { dashboardAdminOperations } from './dashboard.admin.ts';
import { mailTemplatesAdminOperations } from './mail-templates.admin.ts';
import { tokenPackagesAdmin } from './resources/token-packages.admin.ts';
import { paymentsAdmin } from './resources/payments.admin.ts';
import { couponsAdmin } from './resources/coupons.admin.ts';
import { tokenTransactionsAdmin } from './resources/token-transactions.admin.ts';
import { balanceChangesAdmin } from './resources/balance-changes.admin.ts';
import { galleryPhotos } from './resources/gallery-photos.admin.ts';
import { ordersAdmin } from './resources/orders.admin.ts';
import { reportsAdmin } from './resources/reports.admin.ts';
import { membersAdmin } from './resources/members.admin.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import type { AdminUploads } from '../media-library/uploads.ts';
import { moduleResource } from './resources/module-resource.ts';
import { richTextAdminOperations } from './rich-text.admin.ts';
import { readForm } from '../../lib/http/multipart.ts';
import { AdminMediaBody } from '../../../shared/contracts/media-library.ts';
import { mediaLibraryOperations } from '../media-library/media-library.admin.ts';

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

/**
 * `/api/admin/*`: admins only (401 anonymous, 403 members). Each resource's list, item and verbs are operations of the
 * one convention (admin-resource.ts); its CSV export, the settings, the dashboard, a gallery's photos, uploads and the
 * audit log are routes.
 */
export async function adminRoutes(app: App) {
  const db = app.database.db;
  const { grants, content, adminUploads: uploads } = app.services;
  const videos = moduleResource(content.videos);
  const adapters: Record<string, AdminAdapter> = {
    videos: erase(withGrantActions('video', { ...videos, actions: { retry: (id) => content.videos.retry(id) } }, grants)),
    galleries: erase(withGrantActions('gallery', moduleResource(content.galleries), grants)),
    categories: erase(moduleResource(content.categories)),
    'blocked-countries': erase(blockedCountriesAdmin(app.services.countryBlock)),
    posts: erase(moduleResource(content.posts)),
    stories: erase(withGrantActions('story', moduleResource(content.stories), grants)),
    products: erase(moduleResource(content.products)),
    banners: erase(moduleResource(content.banners)),
    orders: ordersAdmin(app.services.orders, uploads),
    'token-packages': erase(tokenPackagesAdmin(db, async () => String((await app.services.settings.get<string>('currency')) || 'USD'))),
    coupons: erase(couponsAdmin(db)),
    payments: paymentsAdmin(db, app.services.payments),
    'token-transactions': tokenTransactionsAdmin(db),
    'balance-changes': balanceChangesAdmin(db),
    reports: reportsAdmin(db, app.services.reports, uploads, () => publicOrigin(app)),
    members: membersAdmin(db, app.services.members, grants, app.services.accountClosure, () => publicOrigin(app)),
  };
  const photos = galleryPhotos(app, content.galleryPhotos, uploads);
  const resources = ADMIN_RESOURCES.map((resource) => ({ resource, adapter: adapters[resource.name]! }));
  registerOperations(app, [
    ...resources.flatMap(({ resource, adapter }) => adminResourceOperations(app, resource, adapter)),
    ...settingsAdminOperations(app),
    ...dashboardAdminOperations(app),
    ...mailTemplatesAdminOperations(app),
    ...richTextAdminOperations(),
    ...auditOperations(app),
    ...photos.operations,
    ...mediaLibraryOperations(app, uploads),
  ]);
  await app.register((api: App) => uploadRoutes(api, uploads));
  // The exports read; a photo's addition is the galleries module's write, like the photos' operations.
  await app.register(async (api: App) => {
    api.addHook('onRequest', api.requireAdmin);
    for (const { resource, adapter } of resources) registerAdminExport(api, resource, adapter);
    photos.registerAdd(api);
  });
}

/** The back office's multipart uploads (a file for a form, a picture setting), at their addresses (ADMIN_RAW). */
async function uploadRoutes(api: App, uploads: AdminUploads) {
  api.addHook('onRequest', api.requireAdmin);
  // An upload only stores a file (nothing public changes until a form saves its reference); a picture setting is a
  // settings change, which SettingsService announces itself.
  await settingsAdminRoutes(api);

  api.post(
    ADMIN_RAW.upload.path,
    {
      schema: {
        operationId: 'admin_uploads_create',
        tags: ['admin'],
        summary:
          'Upload a picture, a video (MP4 or WebM), a download or a picture for a rich text (multipart, field `file`); answers the reference a form sends',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({
          purpose: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('download'), Type.Literal('text-image')]),
        }),
        response: { 200: Envelope(AdminMediaBody), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const { purpose } = request.query;
      const maxBytes = purpose === 'image' || purpose === 'text-image' ? api.config.imageUploadLimit : api.config.uploadLimit;
      const { file } = await readForm(request, { fileField: 'file', maxBytes, requireFile: true });
      return ok(await uploads.store(purpose, file!, request.auth!.user.id));
    },
  );
}

/** The audit log: every back-office write, newest first. */
function auditOperations(app: App): Operation[] {
  return operations(
    { audit: ADMIN.audit },
    {
      audit: {
        operationId: 'admin_audit_list',
        tags: ['admin'],
        summary: 'The audit log: every back-office write, newest first',
        access: 'admin',
        query: AuditQuery,
        response: ListPayload(AuditEntry),
        errors: [400, 401, 403],
        run: async ({ query }) => {
          const { rows, ...total } = await searchAudit(app.database.db, query as Static<typeof AuditQuery>);
          return {
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
            ...total,
          };
        },
      },
    },
  );
}
