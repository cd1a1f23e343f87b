import { Type } from 'typebox';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { PublicSettingsQuery, SettingsKeysBody } from '../../../shared/contracts/settings.ts';
import { ok, type App } from '../../types.ts';

const SettingsMap = Type.Record(Type.String(), Type.Unknown());

export async function settingsRoutes(app: App) {
  app.get(
    '/settings/public',
    {
      schema: {
        operationId: 'settings_public',
        tags: ['site'],
        summary: 'Public site settings as a flat map (one group when `group` is given)',
        querystring: PublicSettingsQuery,
        response: { 200: Envelope(SettingsMap), 400: ErrorBody },
      },
    },
    async (request) => ok(await app.services.settings.getPublic(request.query.group)),
  );

  app.post(
    '/settings/keys',
    {
      schema: {
        operationId: 'settings_keys',
        tags: ['site'],
        summary: 'The public values of the keys asked for',
        body: SettingsKeysBody,
        response: { 200: Envelope(SettingsMap), 400: ErrorBody },
      },
    },
    async (request) => ok(await app.services.settings.getKeys(request.body.keys)),
  );
}
