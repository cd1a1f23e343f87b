import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { CommentObject } from '../../shared/contracts/comments.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $comments, commentKey, createComment, listOf, loadComments, watchComments } from '../../stores/comments.ts';
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
}

/** The comments of one item: newest first, 'more', a box for members, and live news from other viewers. */
export default function CommentsSection({ objectType, objectId, viewer: rendered, path }: Props) {
  const user = useStore($user);
  const viewer = useHydrated() && user ? { _id: user._id, isAdmin: user.roles.includes('admin') } : rendered;
  const key = commentKey(objectType, objectId);
  const list = listOf(key, useStore($comments));
  const hearing = useStore($liveRooms).includes(key);
  const loading = list.load.status === 'loading';
  useEffect(() => {
    void loadComments(objectType, objectId);
    return watchComments(objectType, objectId);
  }, [objectType, objectId]);

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
      {viewer ? (
        <CommentForm
          label="Add a comment"
          submitLabel="Comment"
          busy={list.create.status === 'loading'}
          onSubmit={(text) => createComment(objectType, objectId, text)}
        />
      ) : (
        <p className="comments-login">
          <a href={loginHref(path)}>Log in</a> to join the conversation.
        </p>
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
          <CommentItem key={c._id} comment={c} viewer={viewer} />
        ))}
      </ol>
      {!list.items.length && list.load.status === 'ok' && <p className="muted">No comments yet{viewer ? ': be the first.' : '.'}</p>}
      {list.items.length < list.total && (
        <button type="button" className="btn btn-ghost" onClick={() => loadComments(objectType, objectId, true)} disabled={loading} aria-busy={loading}>
          {loading ? 'Loading…' : `Show more comments (${list.total - list.items.length})`}
        </button>
      )}
    </section>
  );
}
