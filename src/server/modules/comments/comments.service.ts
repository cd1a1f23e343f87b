import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { publicMediaKey, publicMediaUrl } from '../../lib/media/public-media.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import type { UserRow } from '../users/users.repository.ts';
import { reencodeImage } from '../../lib/media/images.ts';
import {
  deleteComment,
  findComment,
  insertComment,
  itemExists,
  listComments,
  updateComment,
  type CommentRow,
  type CommentWithCreator,
} from './comments.repository.ts';
import { commentRoom } from '../../../shared/socket-events.ts';
import { COMMENT_EMPTY, COMMENT_MAX, COMMENT_TOO_LONG, type Comment, type CommentBody, type CommentSearchQuery } from '../../../shared/contracts/comments.ts';
import type { EmitToRoom } from '../../types.ts';

/** Comment text: trimmed, control characters (other than line breaks and tabs) removed, 1..COMMENT_MAX characters. */
export function cleanContent(raw: string | undefined): string {
  const text = (raw ?? '')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();
  if (!text) throw badRequest(COMMENT_EMPTY, 'COMMENT_EMPTY');
  if ([...text].length > COMMENT_MAX) throw badRequest(COMMENT_TOO_LONG, 'COMMENT_TOO_LONG');
  return text;
}

/** A comment as the thread shows it; an erased author is nobody the page links to (`creator: null`, "Deleted member"). */
export const toComment = (c: CommentRow, creator: UserRow | null): Comment => ({
  _id: c.id,
  objectType: c.objectType,
  objectId: c.objectId,
  content: c.content,
  attachment: c.attachment ?? null,
  creator: creator && creator.status !== 'closed' ? toPublicUser(creator) : null,
  totalReply: c.totalReply,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/**
 * Comments on items, and replies (comments on a top-level comment). Content is kept as plain text: clients render it
 * escaped. Everyone viewing the object (room `objectType:objectId`) hears of new and deleted comments; a reply is also
 * told to the room of the item its parent is on, so an open page updates the reply count.
 */
export class CommentsService {
  private readonly db: Db;
  private readonly storage: Storage;
  private readonly emit: EmitToRoom;
  private readonly log: FastifyBaseLogger;
  constructor(deps: { db: Db; storage: Storage; emit: EmitToRoom; log: FastifyBaseLogger }) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.emit = deps.emit;
    this.log = deps.log;
  }

  async create(user: UserRow, body: CommentBody): Promise<Comment> {
    const content = cleanContent(body.content);
    const parent = await this.target(body.objectType, body.objectId);
    const row = await insertComment(this.db, { objectType: body.objectType, objectId: body.objectId, userId: user.id, content });
    const comment = toComment(row, user);
    this.emit(this.rooms(row, parent), 'comment_created', comment);
    this.log.info({ commentId: row.id, userId: user.id, objectType: row.objectType, objectId: row.objectId }, 'comment created');
    return comment;
  }

  async search(query: CommentSearchQuery) {
    const { rows, total } = await listComments(this.db, query.objectType, query.objectId, {
      limit: query.limit ?? 12,
      offset: query.offset ?? 0,
      sort: query.sort,
    });
    return { data: rows.map((c: CommentWithCreator) => toComment(c, c.creator)), total };
  }

  /** The author or an admin; others 403. Replies go with their comment. */
  async remove(user: UserRow, id: string) {
    const existing = await this.own(id, user, user.roles.includes('admin'), 'delete');
    const gone = await deleteComment(this.db, existing.id);
    if (!gone) throw notFound('This comment was already removed.');
    const parent = gone.objectType === 'comment' ? await findComment(this.db, gone.objectId) : null;
    this.emit(this.rooms(gone, parent), 'comment_deleted', { _id: gone.id, objectId: gone.objectId, objectType: gone.objectType });
    if (gone.attachment) await this.dropFile(gone.attachment.url);
    this.log.info({ commentId: gone.id, by: user.id }, 'comment deleted');
    return { success: true, _id: gone.id };
  }

  /** New text and, optionally, a new image (re-encoded; the old one is removed). Only the author may edit. */
  async update(user: UserRow, id: string, content: string | undefined, image: Buffer | null): Promise<Comment> {
    const existing = await this.own(id, user, false, 'edit');
    const set: Partial<Pick<CommentRow, 'content' | 'attachment'>> = { content: cleanContent(content) };
    if (image) {
      const picture = await reencodeImage(image, 1280, null);
      const key = publicMediaKey('comments', 'webp');
      await this.storage.put(key, picture.data, 'image/webp');
      set.attachment = { url: publicMediaUrl(key), width: picture.width, height: picture.height };
    }
    const row = await updateComment(this.db, id, set);
    if (!row) throw notFound('No such comment.');
    if (image && existing.attachment) await this.dropFile(existing.attachment.url);
    const comment = toComment(row, user);
    // Everyone viewing the object sees the new text at once, like a new comment.
    const parent = row.objectType === 'comment' ? await findComment(this.db, row.objectId) : null;
    this.emit(this.rooms(row, parent), 'comment_updated', comment);
    return comment;
  }

  private async own(id: string, user: UserRow, adminMay: boolean, what: string): Promise<CommentRow> {
    const existing = await findComment(this.db, id);
    if (!existing) throw notFound('No such comment.');
    if (existing.userId !== user.id && !adminMay) throw forbidden(`You can only ${what} your own comments.`);
    return existing;
  }

  /** 404 unless the object exists; replies go on top-level comments only. Returns the parent comment of a reply. */
  private async target(objectType: CommentBody['objectType'], objectId: string): Promise<CommentRow | null> {
    if (objectType !== 'comment') {
      if (!(await itemExists(this.db, objectType, objectId))) throw notFound(`No such ${objectType}.`);
      return null;
    }
    const parent = await findComment(this.db, objectId);
    if (!parent) throw notFound('No such comment.');
    if (parent.objectType === 'comment') throw badRequest('Reply to the comment itself: replies have no replies.', 'NESTED_REPLY');
    return parent;
  }

  private rooms(c: CommentRow, parent: CommentRow | null): string[] {
    return [commentRoom(c.objectType, c.objectId), ...(parent ? [commentRoom(parent.objectType, parent.objectId)] : [])];
  }

  private async dropFile(url: string) {
    await this.storage.delete(url.slice('/media/'.length)).catch(() => {});
  }
}
