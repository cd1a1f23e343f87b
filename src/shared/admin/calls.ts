import type { ApiClient, Query, UploadOptions } from '../api-client.ts';
import type { AdminSettings } from './settings.ts';
import type { SetupBody } from '../contracts/setup.ts';
import { SETUP } from '../operations/setup.ts';
import { ADMIN, ADMIN_RAW, GALLERY_PHOTOS, MAIL_TEMPLATES, MEDIA_LIBRARY, RICH_TEXT, adminResourceOps } from '../operations/admin.ts';
import type { MediaListQuery } from '../contracts/media-library.ts';
import type { MailTemplateSave, MailWordingBody } from '../contracts/mail-templates.ts';
import { pathOf } from '../operations/operation.ts';
import type { AdminMedia, BulkAction, UploadPurpose } from './resource.ts';

/** The back office's calls: the same five for every resource (`/api/admin/<resource>`), bulk verbs, the audit log. */
export function adminCalls(api: ApiClient) {
  const ops = adminResourceOps;
  return {
    list: (resource: string, query: Query = {}) => api.call(ops(resource).list, { query }),
    get: (resource: string, id: string) => api.call(ops(resource).get, { params: { id } }),
    create: (resource: string, body: Record<string, unknown>) => api.call(ops(resource).create, { body }),
    update: (resource: string, id: string, body: Record<string, unknown>) => api.call(ops(resource).update, { params: { id }, body }),
    remove: (resource: string, id: string) => api.call(ops(resource).remove, { params: { id } }),
    /** The list as CSV with the same query (filters, search, sort): `GET /api/admin/<resource>/export.csv`. */
    exportCsv: (resource: string, query: Query = {}) => api.file(ops(resource).exportCsv, query),
    act: (resource: string, id: string, action: string, body: Record<string, unknown> = {}) => api.call(ops(resource).act(action), { params: { id }, body }),
    bulk: (resource: string, action: BulkAction, ids: string[], value?: number | string) =>
      api.call(ops(resource).bulk, { body: { action, ids, ...(value === undefined ? {} : { value }) } }),
    /** A resource's trash: its items, restore one, delete one for good, restore (Undo) or purge many. */
    trash: (resource: string, query: Query = {}) => api.call(ops(resource).trash, { query }),
    restore: (resource: string, id: string) => api.call(ops(resource).restore, { params: { id } }),
    purge: (resource: string, id: string) => api.call(ops(resource).purge, { params: { id } }),
    trashBulk: (resource: string, action: 'restore' | 'purge', ids: string[]) => api.call(ops(resource).trashBulk, { body: { action, ids } }),
    audit: (query: Query = {}) => api.call(ADMIN.audit, { query }),
    settings: () => api.call(ADMIN.settings, {}),
    /** First run (no admin yet): whether it is open, and creating the first admin with the printed token. */
    setupStatus: () => api.call(SETUP.status, {}),
    completeSetup: (body: SetupBody) => api.call(SETUP.createAdmin, { body }),
    dashboard: (days?: number) => api.call(ADMIN.dashboard, { query: { days } }),
    updateSettings: (patch: Record<string, unknown>) => api.call(ADMIN.updateSettings, { body: patch }),
    uploadSettingImage: (key: string, file: Blob, options?: UploadOptions) => api.upload<AdminSettings>(pathOf(ADMIN_RAW.settingImage, { key }), file, options),
    /** Stores a file for a form; the answer's `ref` goes in the item's field. */
    upload: (purpose: UploadPurpose, file: Blob, options: Pick<UploadOptions, 'onProgress'> = {}) =>
      api.upload<AdminMedia>(`${ADMIN_RAW.upload.path}?purpose=${purpose}`, file, options),
    /** A gallery's photos: list, add one (a finished resumable upload), order, cover, remove. */
    photos: (galleryId: string) => api.call(GALLERY_PHOTOS.list, { params: { id: galleryId } }),
    addPhoto: (galleryId: string, uploadId: string) => api.call(ADMIN_RAW.addPhoto, { params: { id: galleryId }, body: { uploadId } }),
    orderPhotos: (galleryId: string, ids: string[]) => api.call(GALLERY_PHOTOS.order, { params: { id: galleryId }, body: { ids } }),
    coverPhoto: (galleryId: string, photoId: string) => api.call(GALLERY_PHOTOS.cover, { params: { id: galleryId, photoId } }),
    removePhoto: (galleryId: string, photoId: string) => api.call(GALLERY_PHOTOS.remove, { params: { id: galleryId, photoId } }),
    /** The media library: a page of it, one file with where it is used, deleting an unused one, a reference to use one in a form. */
    media: (query: MediaListQuery = {}) => api.call(MEDIA_LIBRARY.list, { query }),
    mediaAsset: (id: string) => api.call(MEDIA_LIBRARY.get, { params: { id } }),
    removeMedia: (id: string) => api.call(MEDIA_LIBRARY.remove, { params: { id } }),
    pickMedia: (id: string) => api.call(MEDIA_LIBRARY.pick, { params: { id } }),
    textImageFromMedia: (id: string) => api.call(MEDIA_LIBRARY.textImage, { params: { id } }),
    /** A form's unsaved rich text as the site would keep it (sanitised), for its preview. */
    previewText: (content: string) => api.call(RICH_TEXT.preview, { body: { content } }),
    /** The site's mails: list, one, save its wording, reset it, preview or test-send a draft. */
    mails: () => api.call(MAIL_TEMPLATES.list, {}),
    mail: (key: string) => api.call(MAIL_TEMPLATES.get, { params: { key } }),
    saveMail: (key: string, body: MailTemplateSave) => api.call(MAIL_TEMPLATES.save, { params: { key }, body }),
    resetMail: (key: string) => api.call(MAIL_TEMPLATES.reset, { params: { key } }),
    previewMail: (key: string, body: MailWordingBody) => api.call(MAIL_TEMPLATES.preview, { params: { key }, body }),
    testMail: (key: string, body: MailWordingBody) => api.call(MAIL_TEMPLATES.test, { params: { key }, body }),
  };
}
export type AdminCalls = ReturnType<typeof adminCalls>;
