import { Type } from 'typebox';
import { PublicSettingsQuery, SettingsKeysBody } from '../../../shared/contracts/settings.ts';
import { SETTINGS } from '../../../shared/operations/settings.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

const SettingsMap = Type.Record(Type.String(), Type.Unknown());

export const settingsOperations = (app: App) =>
  operations(SETTINGS, {
    public: {
      operationId: 'settings_public',
      summary: 'Public site settings as a flat map (one group when `group` is given)',
      tags: ['site'],
      access: 'anyone',
      query: PublicSettingsQuery,
      response: SettingsMap,
      errors: [400],
      run: ({ query }) => app.services.settings.getPublic(query.group) as never,
    },
    keys: {
      operationId: 'settings_keys',
      summary: 'The public values of the keys asked for',
      tags: ['site'],
      access: 'anyone',
      body: SettingsKeysBody,
      response: SettingsMap,
      errors: [400],
      run: ({ body }) => app.services.settings.getKeys(body.keys),
    },
  });
