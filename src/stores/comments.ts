import { map } from 'nanostores';
import { api } from '../client/api.ts';
import type { Comment, CommentObject } from '../shared/contracts/comments.ts';
import { COMMENTED, GENERIC_ERROR, REMOVED } from '../shared/messages.ts';
import { onResetAll } from './reset.ts';
import { showToast } from './toast.ts';
import { messageOf } from './community.ts';

/** One object's comments (SPEC.md §3): the items loaded so far and the total, with the request state. */
export interface CommentList {
  items: Comment[];
  total: number;
  requesting: boolean;
  /** The first page has arrived. */
  loaded: boolean;
  creating: boolean;
  error: string | null;
  /** Why the last comment was refused, in the server's words (shown by the form; the toast says SPEC.md's message). */
  createError: string | null;
}

const empty = (): CommentList => ({ items: [], total: 0, requesting: false, loaded: false, creating: false, error: null, createError: null });
export const PAGE_SIZE = 10;

/** Comment lists per object, keyed `objectType:objectId`. */
export const $comments = map<Record<string, CommentList>>({});

export const commentKey = (objectType: string, objectId: string) => `${objectType}:${objectId}`;
export const listOf = (key: string): CommentList => $comments.get()[key] ?? empty();
const patch = (key: string, change: Partial<CommentList>) => $comments.setKey(key, { ...listOf(key), ...change });

/** The first page (replacing) or the next one ('more', appending). */
export async function loadComments(objectType: CommentObject, objectId: string, more = false): Promise<void> {
  const key = commentKey(objectType, objectId);
  if (listOf(key).requesting) return;
  patch(key, { requesting: true, error: null });
  try {
    const { data } = await api.comments({ objectType, objectId, limit: PAGE_SIZE, offset: more ? listOf(key).items.length : 0 });
    const items = more ? [...listOf(key).items, ...data.data.filter((c) => !listOf(key).items.some((i) => i._id === c._id))] : data.data;
    patch(key, { items, total: data.total, requesting: false, loaded: true });
  } catch (err) {
    patch(key, { requesting: false, error: err instanceof Error ? err.message : GENERIC_ERROR });
  }
}

/** SPEC.md §4: the new comment goes on top and the total rises; 'Commented successfully', or the generic error. */
export async function createComment(objectType: CommentObject, objectId: string, content: string): Promise<boolean> {
  const key = commentKey(objectType, objectId);
  patch(key, { creating: true, createError: null });
  try {
    const { data } = await api.comment({ objectType, objectId, content });
    addComment(key, data);
    patch(key, { creating: false });
    showToast(COMMENTED, 'success');
    return true;
  } catch (err) {
    patch(key, { creating: false, createError: messageOf(err) });
    showToast(GENERIC_ERROR, 'error');
    return false;
  }
}

/** SPEC.md §4: the comment leaves the list and the total falls; 'Removed successfully!', or the generic error. */
export async function deleteComment(objectType: CommentObject, objectId: string, id: string): Promise<boolean> {
  try {
    await api.deleteComment(id);
    removeComment(commentKey(objectType, objectId), id);
    showToast(REMOVED, 'success');
    return true;
  } catch {
    showToast(GENERIC_ERROR, 'error');
    return false;
  }
}

/** A comment heard live or just created: on top, counted once (the live echo of one's own comment is ignored). */
export function addComment(key: string, comment: Comment): void {
  const list = listOf(key);
  if (list.items.some((c) => c._id === comment._id)) return;
  patch(key, { items: [comment, ...list.items], total: list.total + 1 });
}

export function removeComment(key: string, id: string): void {
  const list = listOf(key);
  if (!list.items.some((c) => c._id === id)) return;
  patch(key, { items: list.items.filter((c) => c._id !== id), total: Math.max(0, list.total - 1) });
}

/** A comment edited (live, or by this member): its new text in place, its reply count kept. */
export function replaceComment(key: string, comment: Comment): void {
  const list = listOf(key);
  if (!list.items.some((c) => c._id === comment._id)) return;
  patch(key, { items: list.items.map((c) => (c._id === comment._id ? { ...comment, totalReply: c.totalReply } : c)) });
}

/** A reply was added or removed under a comment of this list: its reply count follows. */
export function bumpReplies(key: string, parentId: string, by: 1 | -1): void {
  const list = listOf(key);
  if (!list.items.some((c) => c._id === parentId)) return;
  patch(key, { items: list.items.map((c) => (c._id === parentId ? { ...c, totalReply: Math.max(0, c.totalReply + by) } : c)) });
}

onResetAll(() => $comments.set({}));
