import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ListResult } from '../../shared/api-client.ts';
import type { Comment, CommentObject } from '../../shared/contracts/comments.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $comments, commentKey, createComment, listFrom, listOf, loadComments, refreshComments, seedComments, watchComments } from '../../stores/comments.ts';
import { $liveRooms } from '../../stores/live.ts';
import { $user } from '../../stores/user.ts';
import { useHydrated } from '../use-hydrated.ts';
import { loginHref } from '../../shared/routes.ts';
import CommentForm from './CommentForm.tsx';
import CommentItem, { type Viewer } from './CommentItem.tsx';

interface Props {
  objectType: Exclude<CommentObject, 'comment'>;
  objectId: string;
  /**
   * The member the page was rendered for (null: anonymous, who reads and is asked to log in to write). On a page
   * shared by visitors and members it is null, and the session store says who is here once hydrated.
   */
  viewer: Viewer | null;
  /** Where the login link comes back to. */
  path: string;
  /** The first page, read by the server for the page's HTML (null when it could not be: the island reads it when woken). */
  initial: ListResult<Comment> | null;
}

/**
 * The comments of one item: newest first, 'more', a box for members, and live news from other viewers. The server
 * draws the first page; the island wakes when someone reaches for it (`client:interaction`), then reads the first page
 * again (the page may come from the page cache) and hears the item's room. Until then, on a page shared by visitors and
 * members, both the login line and the comment box are drawn and the session shows one (`data-session-only`).
 */
export default function CommentsSection({ objectType, objectId, viewer: rendered, path, initial }: Props) {
  const user = useStore($user);
  const hydrated = useHydrated();
  const viewer = hydrated && user ? { _id: user._id, isAdmin: user.roles.includes('admin') } : rendered;
  // Drawn for a visitor and a member alike: who is here is known once hydrated.
  const either = !hydrated && !rendered;
  const key = commentKey(objectType, objectId);
  const lists = useStore($comments);
  const list = key in lists ? listOf(key, lists) : listFrom(initial);
  const hearing = useStore($liveRooms).includes(key);
  const loading = list.load.status === 'loading';
  useEffect(() => {
    if (initial) {
      seedComments(key, initial);
      void refreshComments(objectType, objectId);
    } else {
      void loadComments(objectType, objectId);
    }
    return watchComments(objectType, objectId);
  }, [objectType, objectId, key, initial]);

  return (
    <section
      className="comments"
      aria-labelledby="comments-title"
      aria-busy={loading}
      data-loaded={list.load.status === 'ok' || list.load.data !== undefined}
      data-live={hearing}
      data-testid="comments"
    >
      <h2 id="comments-title">
        Comments{' '}
        <span className="count-badge" data-testid="comments-total">
          {list.total}
        </span>
      </h2>
      {!viewer && (
        <p className="comments-login" data-session-only={either ? 'visitor' : undefined}>
          <a href={loginHref(path)}>Log in</a> to join the conversation.
        </p>
      )}
      {(viewer || either) && (
        // One element before and after waking: a box the member is already typing in stays.
        <div className="comment-box" data-session-only={either ? 'member' : undefined}>
          <CommentForm
            label="Add a comment"
            submitLabel="Comment"
            busy={list.create.status === 'loading'}
            onSubmit={(text) => createComment(objectType, objectId, text)}
          />
        </div>
      )}
      {list.create.status === 'error' && (
        <p className="alert alert-error" role="alert" data-testid="comment-error">
          {messageOf(list.create.error)}
        </p>
      )}
      {list.load.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(list.load.error)}
        </p>
      )}
      <ol className="comment-list" aria-live="polite">
        {list.items.map((c) => (
          <CommentItem key={c._id} comment={c} viewer={viewer} memberMaybe={either} />
        ))}
      </ol>
      {!list.items.length && list.load.status === 'ok' && (
        <p className="muted">No comments yet{viewer ? ': be the first' : either && <span data-session-only="member">: be the first</span>}.</p>
      )}
      {list.items.length < list.total && (
        <button type="button" className="btn btn-ghost" onClick={() => loadComments(objectType, objectId, true)} disabled={loading} aria-busy={loading}>
          {loading ? 'Loading…' : `Show more comments (${list.total - list.items.length})`}
        </button>
      )}
    </section>
  );
}
