import { Type } from 'typebox';
import { UuidParams } from '../../../shared/contracts/common.ts';
import { AdminMediaBody, MediaAssetDetail, MediaListPayload, MediaListQuery, type MediaAsset, type MediaUse } from '../../../shared/contracts/media-library.ts';
import { MEDIA_LIBRARY } from '../../../shared/operations/admin.ts';
import { badRequest, conflict, invalid, notFound } from '../../errors.ts';
import { operations, type Operation } from '../../operations/define.ts';
import type { App } from '../../types.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import type { AdminUploads } from './uploads.ts';
import {
  decodeCursor,
  deleteUnusedMediaAsset,
  findMediaAsset,
  listMediaAssets,
  usesOf,
  type MediaAssetEntry,
  type MediaUse as UseRow,
} from './media-library.repository.ts';

const common = { tags: ['admin'], access: 'admin' as const };

/** "Story “Night train” (cover), in the trash": how a refusal names the items that use a file. */
const useWords = (u: MediaUse) => `${u.resource.replace(/s$/, '').replace(/ie$/, 'y')} “${u.title}” (${u.field})${u.deleted ? ', in the trash' : ''}`;

/**
 * Back office → Media (the media library): the list (search, kind, keyset pages), one file with the items that use it,
 * deleting an unused one (its files too; audited), and a pick: the signed reference a form sends to use a file, as
 * an upload's answer would be.
 */
export function mediaLibraryOperations(app: App, uploads: AdminUploads): Operation[] {
  const db = app.database.db;
  const toAsset = (row: MediaAssetEntry): MediaAsset => ({
    _id: row.id,
    kind: row.kind,
    name: row.name,
    url: uploads.assetMedia(row).url,
    size: row.size,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    uploadedBy: row.uploader,
    createdAt: row.createdAt.toISOString(),
  });
  const toUse = (u: UseRow): MediaUse => ({
    resource: u.resource,
    _id: u.id,
    title: u.title,
    field: u.field,
    deleted: u.deleted,
    href: `/admin/${u.resource}/${u.id}`,
  });
  const assetOf = async (id: string) => {
    const row = await findMediaAsset(db, id);
    if (!row) throw notFound('No such file in the media library.');
    return row;
  };
  const usedBy = async (key: string) => (await usesOf(db, key)).map(toUse);
  return operations(MEDIA_LIBRARY, {
    list: {
      ...common,
      operationId: 'admin_media_list',
      summary: 'The media library, newest first: search by name (`q`), a kind, the next page after `cursor` (or at `offset`)',
      query: MediaListQuery,
      response: MediaListPayload,
      errors: [400, 401, 403],
      run: async ({ query }) => {
        const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
        if (cursor === null) throw invalid({ cursor: 'Cursor: start again from the first page (this cursor is not one the list gave).' });
        const limit = query.limit ?? 24;
        const page = await listMediaAssets(db, { q: query.q, kind: query.kind, cursor, offset: query.offset, limit });
        return { data: page.rows.map(toAsset), total: page.total, ...(page.totalCapped ? { totalCapped: true as const } : {}), nextCursor: page.next };
      },
    },
    get: {
      ...common,
      operationId: 'admin_media_get',
      summary: 'One file of the media library, with the items that use it (withdrawn ones too) and their back-office pages',
      params: UuidParams,
      response: MediaAssetDetail,
      errors: [400, 401, 403, 404],
      run: async ({ params }) => {
        const row = await assetOf(params.id);
        return { ...toAsset(row), uses: await usedBy(row.key) };
      },
    },
    remove: {
      ...common,
      operationId: 'admin_media_delete',
      summary: 'Delete an unused file of the media library, and its files in storage; 409 naming the items while any uses it',
      params: UuidParams,
      response: Type.Object({ _id: Type.String() }),
      errors: [400, 401, 403, 404, 409],
      run: async ({ params }, { auth }) => {
        const row = await assetOf(params.id);
        // The check and the delete are one statement: an item saved with this file meanwhile keeps it.
        if (!(await deleteUnusedMediaAsset(db, row.id, row.key))) {
          const uses = await usedBy(row.key);
          if (!uses.length) throw notFound('No such file in the media library.');
          throw conflict(`“${row.name}” is in use: ${uses.map(useWords).join('; ')}. Replace it there first.`, 'MEDIA_IN_USE');
        }
        await uploads.removeFiles(row);
        const { stored: _stored, uploader: _uploader, ...kept } = row;
        await insertAudit(db, {
          actorId: auth!.user.id,
          actorName: auth!.user.username,
          resource: 'media',
          targetId: row.id,
          action: 'delete',
          before: { ...kept, createdAt: row.createdAt.toISOString() },
          after: null,
        });
        return { _id: row.id };
      },
    },
    pick: {
      ...common,
      operationId: 'admin_media_pick',
      summary: "A library file's reference for a form: sent in a picture, video or download field, the item uses that file (no copy is made)",
      params: UuidParams,
      response: AdminMediaBody,
      errors: [400, 401, 403, 404],
      run: async ({ params }) => uploads.pick(await assetOf(params.id)),
    },
    textImage: {
      ...common,
      operationId: 'admin_media_text_image',
      summary: 'A library picture for a rich text: copied to a stable public address, as a picture uploaded into the text is',
      params: UuidParams,
      response: AdminMediaBody,
      errors: [400, 401, 403, 404],
      run: async ({ params }) => {
        const row = await assetOf(params.id);
        if (row.kind !== 'image') throw badRequest('Only a picture can go into a text.', 'NOT_AN_IMAGE');
        return uploads.textImageOf(row.key);
      },
    },
  });
}
