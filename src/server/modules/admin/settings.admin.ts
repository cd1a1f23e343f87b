import { Type } from 'typebox';
import { Envelope, errorBodies } from '../../../shared/contracts/common.ts';
import { IMAGE_SETTINGS, SettingsPatch, isImageSetting } from '../../../shared/admin/settings.ts';
import { readForm } from '../../lib/http/multipart.ts';
import { notFound } from '../../errors.ts';
import { ok, type App } from '../../types.ts';
import { operations, type Operation } from '../../operations/define.ts';
import { ADMIN, ADMIN_RAW } from '../../../shared/operations/admin.ts';
import type { SettingsChange } from '../settings/settings.service.ts';
import { setSiteImage } from '../settings/site-images.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { packagesFollowCurrency } from '../payments/site-currency.ts';

const AdminSettingsBody = Type.Object({
  values: Type.Record(Type.String(), Type.Unknown()),
  secretsSet: Type.Record(Type.String(), Type.Boolean()),
});
const ImageParams = Type.Object({ key: Type.String({ maxLength: 60 }) });
const ERRORS = [400, 401, 403, 404, 413] as const;
const ADMIN_SETTINGS = { settings: ADMIN.settings, updateSettings: ADMIN.updateSettings };

/** A settings change in the audit log (nothing when nothing changed). */
async function auditSettings(api: App, user: { id: string; username: string }, change: SettingsChange) {
  if (!Object.keys(change.after).length) return;
  await insertAudit(api.database.db, {
    actorId: user.id,
    actorName: user.username,
    resource: 'settings',
    targetId: null,
    action: 'update',
    before: change.before,
    after: change.after,
  });
}

/**
 * The site's settings in the back office: read them all, change any of them (checked first, all or nothing, audited),
 * and upload their pictures. Every change reaches every process at once (SettingsService → SiteChanges).
 */
export function settingsAdminOperations(api: App): Operation[] {
  const { settings } = api.services;
  return operations(ADMIN_SETTINGS, {
    settings: {
      operationId: 'admin_settings_get',
      tags: ['admin'],
      summary: 'Every site setting (secrets left empty, with whether they are set)',
      access: 'admin',
      response: AdminSettingsBody,
      errors: ERRORS,
      run: () => settings.getAdmin(),
    },
    updateSettings: {
      operationId: 'admin_settings_update',
      tags: ['admin'],
      summary: 'Change any of the site settings; applied at once in every process',
      access: 'admin',
      body: SettingsPatch,
      response: AdminSettingsBody,
      errors: ERRORS,
      run: async ({ body }, ctx) => {
        const change = await settings.setMany(body as Record<string, unknown>, packagesFollowCurrency(ctx.auth!.user));
        await auditSettings(api, ctx.auth!.user, change);
        api.siteChanges.publish('content');
        return settings.getAdmin();
      },
    },
  });
}

/** The picture settings' uploads (multipart): a route. */
export async function settingsAdminRoutes(api: App) {
  const { settings } = api.services;
  api.post(
    ADMIN_RAW.settingImage.path,
    {
      schema: {
        operationId: 'admin_settings_image',
        tags: ['admin'],
        summary: `Upload a picture setting (multipart, field \`file\`): ${Object.keys(IMAGE_SETTINGS).join(', ')}`,
        consumes: ['multipart/form-data'],
        params: ImageParams,
        response: { 200: Envelope(AdminSettingsBody), ...errorBodies(ERRORS) },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isImageSetting(key)) throw notFound(`'${key}' is not a picture setting (${Object.keys(IMAGE_SETTINGS).join(', ')}).`);
      const { file } = await readForm(request, { fileField: 'file', maxBytes: api.config.imageUploadLimit, requireFile: true });
      const change = await setSiteImage(settings, api.media.storage, key, file!.data);
      await auditSettings(api, request.auth!.user, change);
      return ok(await settings.getAdmin());
    },
  );
}
