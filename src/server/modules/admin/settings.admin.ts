import { Type } from 'typebox';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { IMAGE_SETTINGS, SettingsPatch, isImageSetting } from '../../../shared/admin/settings.ts';
import { readForm } from '../../lib/multipart.ts';
import { notFound } from '../../errors.ts';
import { ok, type App } from '../../types.ts';
import type { SettingsChange } from '../settings/settings.service.ts';
import { setSiteImage } from '../settings/site-images.ts';
import { insertAudit } from './audit.repository.ts';

const AdminSettingsBody = Type.Object({
  values: Type.Record(Type.String(), Type.Unknown()),
  secretsSet: Type.Record(Type.String(), Type.Boolean()),
});
const ImageParams = Type.Object({ key: Type.String({ maxLength: 60 }) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };

/**
 * The site's settings in the back office: read them all, change any of them (checked first, all or nothing, audited),
 * and upload their pictures. Every change reaches every process at once (SettingsService → SiteChanges).
 */
export async function settingsAdminRoutes(api: App) {
  const { settings } = api.services;
  const audit = async (request: { auth: { user: { id: string; username: string } } | null }, change: SettingsChange) => {
    if (!Object.keys(change.after).length) return;
    const { user } = request.auth!;
    await insertAudit(api.database.db, {
      actorId: user.id,
      actorName: user.username,
      resource: 'settings',
      targetId: null,
      action: 'update',
      before: change.before,
      after: change.after,
    });
  };

  api.get(
    '/settings',
    {
      schema: {
        operationId: 'admin_settings_get',
        tags: ['admin'],
        summary: 'Every site setting (secrets left empty, with whether they are set)',
        response: { 200: Envelope(AdminSettingsBody), ...errors },
      },
    },
    async () => ok(await settings.getAdmin()),
  );

  api.patch(
    '/settings',
    {
      schema: {
        operationId: 'admin_settings_update',
        tags: ['admin'],
        summary: 'Change any of the site settings; applied at once in every process',
        body: SettingsPatch,
        response: { 200: Envelope(AdminSettingsBody), ...errors },
      },
    },
    async (request) => {
      const change = await settings.setMany(request.body as Record<string, unknown>);
      await audit(request, change);
      return ok(await settings.getAdmin());
    },
  );

  api.post(
    '/settings/images/:key',
    {
      schema: {
        operationId: 'admin_settings_image',
        tags: ['admin'],
        summary: `Upload a picture setting (multipart, field \`file\`): ${Object.keys(IMAGE_SETTINGS).join(', ')}`,
        consumes: ['multipart/form-data'],
        params: ImageParams,
        response: { 200: Envelope(AdminSettingsBody), ...errors },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isImageSetting(key)) throw notFound(`'${key}' is not a picture setting (${Object.keys(IMAGE_SETTINGS).join(', ')}).`);
      const { file } = await readForm(request, { fileField: 'file', maxBytes: api.config.imageUploadLimit, requireFile: true });
      const change = await setSiteImage(settings, api.media.storage, key, file!.data);
      await audit(request, change);
      return ok(await settings.getAdmin());
    },
  );
}
