import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';

/** Countries whose visitors get the blocked page (and 451 from the catalogue); managed on /admin/site-mode. */
export const blockedCountriesResource: AdminResource = {
  name: 'blocked-countries',
  label: 'Blocked countries',
  singular: 'blocked country',
  id: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'an ISO 3166-1 alpha-2 country code' }),
  titleKey: 'name',
  body: Type.Object(
    { code: Type.String({ title: 'Country', description: 'ISO 3166-1 alpha-2 code, e.g. DE.', minLength: 2, maxLength: 2 }) },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'name', label: 'Country' },
    { key: 'code', label: 'Code' },
  ],
  sorts: [{ value: 'name', label: 'Name' }],
  bulk: ['delete'],
  operations: { create: true, update: false, delete: true },
  page: '/admin/site-mode',
};
