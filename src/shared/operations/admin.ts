import type { ListResult, Query } from '../api-client.ts';
import type { AdminItem, AdminMedia, BulkAction, UploadPurpose } from '../admin/resource.ts';
import type { AdminSettings } from '../admin/settings.ts';
import type { Dashboard } from '../admin/dashboard.ts';
import { op } from './operation.ts';
import type { MailPreview, MailTemplate, MailTemplateSave, MailTemplateSummary, MailWordingBody } from '../contracts/mail-templates.ts';
import type { MediaAssetDetail, MediaListPayload, MediaListQuery } from '../contracts/media-library.ts';

type Id = { params: { id: string } };
type Fields = Record<string, unknown>;
type OpInputNone = Record<never, never>;

/** What a bulk verb did: the ids it changed, and each it could not with why. */
export interface BulkResult {
  done: string[];
  failed: { _id: string; message: string }[];
}

/** What a restore from the trash did: the item as it is again, and what the operator should know (a new address). */
export interface RestoreResult {
  item: AdminItem;
  /** Said when the item came back otherwise than it went: its address taken meanwhile, or a draft it had to become. */
  notice: string | null;
}

/** What "Delete for good" did: erased, or `kept` out of sight for the members whose purchases point at it. */
export interface PurgeResult {
  _id: string;
  kept: boolean;
}

/** A verb on many items of the trash: restore them (an Undo of a delete), or delete them for good. */
export interface TrashBulkBody {
  action: 'restore' | 'purge';
  ids: string[];
}

/** What a trash bulk verb did (as BulkResult), with each restore's notice. */
export interface TrashBulkResult extends BulkResult {
  notices: { _id: string; message: string }[];
}

/** A bulk verb's body: the verb, the items, and the value `price` and `category` set. */
export interface BulkBody {
  action: BulkAction;
  ids: string[];
  value?: number | string;
}

/**
 * The back office's one REST convention, for the resource named `name` (`/api/admin/<name>`): list (with
 * `q/offset/limit/sort` and its filters), create, read, change, delete, a named verb on one item, bulk verbs, and the
 * trash of a resource whose deletes go there (`/api/admin/<name>/trash`: list, restore, delete for good, bulk). The
 * only place these paths are written; the server's operations (modules/admin/admin-resource.ts) and the back office's
 * calls (shared/admin/calls.ts) both take them from here.
 */
export function adminResourceOps(name: string) {
  const base = `/admin/${encodeURIComponent(name)}`;
  return {
    list: op<{ query: Query }, ListResult<AdminItem>>('GET', base),
    create: op<{ body: Fields }, AdminItem>('POST', base),
    get: op<Id, AdminItem>('GET', `${base}/:id`),
    update: op<Id & { body: Fields }, AdminItem>('PATCH', `${base}/:id`),
    remove: op<Id, { _id: string }>('DELETE', `${base}/:id`),
    /** A named verb of the resource (its description's `actions`) on one item. */
    act: (action: string) => op<Id & { body: Fields }, AdminItem>('POST', `${base}/:id/${action}`),
    bulk: op<{ body: BulkBody }, BulkResult>('POST', `${base}/bulk`),
    /** The resource's trash (a resource with `trash`): its items, newest deleted first. */
    trash: op<{ query: Query }, ListResult<AdminItem>>('GET', `${base}/trash`),
    /** Brings one item back from the trash, as it was (its address, or a free variant of it). */
    restore: op<Id, RestoreResult>('POST', `${base}/trash/:id/restore`),
    /** Deletes one item of the trash for good. */
    purge: op<Id, PurgeResult>('DELETE', `${base}/trash/:id`),
    /** Restores (Undo) or deletes for good many items of the trash. */
    trashBulk: op<{ body: TrashBulkBody }, TrashBulkResult>('POST', `${base}/trash/bulk`),
    /** The list as a CSV file (a download, not JSON: a route of its own). */
    exportCsv: `${base}/export.csv`,
  };
}

/** One entry of the audit log. */
export interface AuditEntry {
  _id: string;
  actor: { _id: string | null; username: string };
  resource: string;
  targetId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

/** The back office's operations beside the resources: the settings, the dashboard and the audit log. */
export const ADMIN = {
  settings: op<OpInputNone, AdminSettings>('GET', '/admin/settings'),
  updateSettings: op<{ body: Fields }, AdminSettings>('PATCH', '/admin/settings'),
  dashboard: op<{ query: { days?: number } }, Dashboard>('GET', '/admin/dashboard'),
  audit: op<{ query: Query }, ListResult<AuditEntry>>('GET', '/admin/audit'),
};

/** A gallery's photo in the back office. */
export interface AdminPhoto {
  _id: string;
  title: string;
  isCover: boolean;
  ordering: number;
  photo: AdminMedia;
}

type PhotoId = { params: { id: string; photoId: string } };

/** A gallery's photos: list, order, cover, remove (adding one is a route: `ADMIN_RAW.addPhoto`). */
export const GALLERY_PHOTOS = {
  list: op<Id, ListResult<AdminPhoto>>('GET', '/admin/galleries/:id/photos'),
  order: op<Id & { body: { ids: string[] } }, ListResult<AdminPhoto>>('PUT', '/admin/galleries/:id/photos/order'),
  cover: op<PhotoId, ListResult<AdminPhoto>>('POST', '/admin/galleries/:id/photos/:photoId/cover'),
  remove: op<PhotoId, ListResult<AdminPhoto>>('DELETE', '/admin/galleries/:id/photos/:photoId'),
};

/**
 * The back office's routes that are not operations (a multipart body, a finished upload's bytes): their addresses,
 * written only here; the server registers each route at its path.
 */
export const ADMIN_RAW = {
  /** Multipart (field `file`), or JSON `{ uploadId }` naming a finished resumable picture upload. */
  addPhoto: op<Id & { body: { uploadId: string } }, AdminPhoto>('POST', '/admin/galleries/:id/photos'),
  settingImage: op<{ params: { key: string } }, AdminSettings>('POST', '/admin/settings/images/:key'),
  upload: op<{ query: { purpose: UploadPurpose } }, AdminMedia>('POST', '/admin/uploads'),
};

/** A rich text as the site would keep it, for the preview of a form's unsaved text (nothing is kept). */
export const RICH_TEXT = {
  preview: op<{ body: { content: string } }, { content: string }>('POST', '/admin/rich-text/preview'),
};

type Key = { params: { key: string } };

/** The mails the site sends, as the operator words them (back office → Mails). */
export const MAIL_TEMPLATES = {
  list: op<OpInputNone, ListResult<MailTemplateSummary>>('GET', '/admin/mail-templates'),
  get: op<Key, MailTemplate>('GET', '/admin/mail-templates/:key'),
  save: op<Key & { body: MailTemplateSave }, MailTemplate>('PUT', '/admin/mail-templates/:key'),
  reset: op<Key, MailTemplate>('DELETE', '/admin/mail-templates/:key'),
  preview: op<Key & { body: MailWordingBody }, MailPreview>('POST', '/admin/mail-templates/:key/preview'),
  test: op<Key & { body: MailWordingBody }, { message: string }>('POST', '/admin/mail-templates/:key/test'),
};

/** Back office → Media: every stored picture, video and file, where each is used, and a reference to use one in a form. */
export const MEDIA_LIBRARY = {
  list: op<{ query: MediaListQuery }, MediaListPayload>('GET', '/admin/media'),
  get: op<Id, MediaAssetDetail>('GET', '/admin/media/:id'),
  remove: op<Id, { _id: string }>('DELETE', '/admin/media/:id'),
  pick: op<Id, AdminMedia>('POST', '/admin/media/:id/pick'),
  /** A library picture for a rich text: a copy at a stable public address (as a picture uploaded into the text). */
  textImage: op<Id, AdminMedia>('POST', '/admin/media/:id/text-image'),
};
