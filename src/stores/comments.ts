import { map, onMount } from 'nanostores';
import { client } from '../client/api.ts';
import * as communityCalls from '../shared/calls/community.ts';
import type { ListResult, UploadOptions } from '../shared/api-client.ts';
import type { Comment, CommentObject } from '../shared/contracts/comments.ts';
import { COMMENTED, GENERIC_ERROR, REMOVED } from '../shared/messages.ts';
import { onLive, watchRoom } from './live.ts';
import { onResetAll } from './reset.ts';
import { IDLE, payload, requestFamily, track, type RequestState, type Result } from './request.ts';
import { showToast } from './toast.ts';

/** One object's comments (SPEC.md §3): the items loaded so far and the total, with the state of loading and of writing. */
export interface CommentList {
  items: Comment[];
  total: number;
  /** The last page asked for (first page or 'more'). */
  load: RequestState<ListResult<Comment>>;
  /** The last new comment (its error is shown by the form, in the server's words; the toast says SPEC.md's message). */
  create: RequestState<Comment>;
}

const empty = (): CommentList => ({ items: [], total: 0, load: IDLE, create: IDLE });
export const PAGE_SIZE = 10;

/** Comment lists per object, keyed `objectType:objectId` (replies: `comment:<parent id>`). */
export const $comments = map<Record<string, CommentList>>({});

export const commentKey = (objectType: string, objectId: string) => `${objectType}:${objectId}`;
export const listOf = (key: string, lists = $comments.get()): CommentList => lists[key] ?? empty();
const patch = (key: string, change: Partial<CommentList>) => $comments.setKey(key, { ...listOf(key), ...change });

/** A list as its first page shows it (the page drawn by the server), or empty without one. */
export const listFrom = (page: ListResult<Comment> | null): CommentList =>
  page ? { items: page.data, total: page.total, load: { status: 'ok', data: page }, create: IDLE } : empty();

/** Starts an object's list from the first page the server drew, unless the page already holds it. */
export function seedComments(key: string, page: ListResult<Comment>): void {
  if (!(key in $comments.get())) $comments.setKey(key, listFrom(page));
}

/** The first page (replacing) or the next one ('more', appending). */
export async function loadComments(objectType: CommentObject, objectId: string, more = false): Promise<void> {
  const key = commentKey(objectType, objectId);
  if (listOf(key).load.status === 'loading') return;
  const result = await track(
    () => listOf(key).load,
    (load) => patch(key, { load }),
    () => payload(communityCalls.comments(client(), { objectType, objectId, limit: PAGE_SIZE, offset: more ? listOf(key).items.length : 0 })),
  );
  if (!result.ok) return;
  const { items } = listOf(key);
  patch(key, { items: more ? [...items, ...result.data.data.filter((c) => !items.some((i) => i._id === c._id))] : result.data.data, total: result.data.total });
}

/**
 * The first page read again, quietly (the list shown stays, and 'more' is not held up): the page's own first page may
 * come from the page cache, a minute old. Newer comments go on top and those gone leave; what 'more' added stays.
 */
export async function refreshComments(objectType: CommentObject, objectId: string): Promise<void> {
  const key = commentKey(objectType, objectId);
  const fresh = await payload(communityCalls.comments(client(), { objectType, objectId, limit: PAGE_SIZE, offset: 0 })).catch(() => null);
  if (!fresh) return;
  const ids = new Set(fresh.data.map((c) => c._id));
  // Past a full first page: the older comments 'more' brought (a short page holds them all).
  const oldest = fresh.data.length === PAGE_SIZE ? fresh.data.at(-1)!.createdAt : null;
  const older = oldest === null ? [] : listOf(key).items.filter((c) => !ids.has(c._id) && c.createdAt < oldest);
  patch(key, { items: [...fresh.data, ...older], total: fresh.total });
}

/** SPEC.md §4: the new comment goes on top and the total rises; 'Commented successfully', or the generic error. */
export async function createComment(objectType: CommentObject, objectId: string, content: string): Promise<boolean> {
  const key = commentKey(objectType, objectId);
  const result = await track(
    () => listOf(key).create,
    (create) => patch(key, { create }),
    () => payload(communityCalls.comment(client(), { objectType, objectId, content })),
  );
  if (result.ok) addComment(key, result.data);
  showToast(result.ok ? COMMENTED : GENERIC_ERROR, result.ok ? 'success' : 'error');
  return result.ok;
}

/** SPEC.md §4: the comment leaves the list and the total falls; 'Removed successfully!', or the generic error. */
export const deletions = requestFamily((id: string) => payload(communityCalls.deleteComment(client(), id)));
export async function deleteComment(objectType: CommentObject, objectId: string, id: string): Promise<boolean> {
  const result = await deletions.run(id);
  if (result.ok) removeComment(commentKey(objectType, objectId), id);
  showToast(result.ok ? REMOVED : GENERIC_ERROR, result.ok ? 'success' : 'error');
  return result.ok;
}

/** New text and an optional image for one's own comment (upload progress through `onProgress`); the list shows the new text. */
export const edits = requestFamily((id: string, content: string, image: Blob | null, options?: UploadOptions) =>
  payload(communityCalls.editComment(client(), id, content, image, options)),
);
export async function editComment(id: string, content: string, image: Blob | null, options?: UploadOptions): Promise<Result<Comment>> {
  const result = await edits.run(id, content, image, options);
  if (result.ok) replaceComment(commentKey(result.data.objectType, result.data.objectId), result.data);
  return result;
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

/** A reply was added or removed under a comment of some list on the page: its reply count follows. */
function bumpReplies(parentId: string, by: 1 | -1): void {
  for (const [key, list] of Object.entries($comments.get())) {
    if (list.items.some((c) => c._id === parentId))
      patch(key, { items: list.items.map((c) => (c._id === parentId ? { ...c, totalReply: Math.max(0, c.totalReply + by) } : c)) });
  }
}

/** Hears one object's comment room while its comments are on screen; returns the function that stops. */
export const watchComments = (objectType: string, objectId: string): (() => void) => watchRoom(objectType, objectId);

// While any comment list is shown, what other viewers write arrives live: new, edited and deleted comments and replies.
onMount($comments, () => {
  const stops = [
    onLive('comment_created', (comment) => {
      const key = commentKey(comment.objectType, comment.objectId);
      if (key in $comments.get()) addComment(key, comment);
      if (comment.objectType === 'comment') bumpReplies(comment.objectId, 1);
    }),
    onLive('comment_updated', (comment) => replaceComment(commentKey(comment.objectType, comment.objectId), comment)),
    onLive('comment_deleted', ({ _id, objectId, objectType }) => {
      removeComment(commentKey(objectType, objectId), _id);
      if (objectType === 'comment') bumpReplies(objectId, -1);
    }),
  ];
  return () => stops.forEach((stop) => stop());
});

onResetAll(() => $comments.set({}));
