import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Comment } from '../../shared/contracts/comments.ts';
import { DEFAULT_AVATAR, memberRoute } from '../../shared/routes.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $comments, commentKey, createComment, deleteComment, editComment, listOf, loadComments } from '../../stores/comments.ts';
import { showToast } from '../../stores/toast.ts';
import CommentForm from './CommentForm.tsx';
import CommentText from './CommentText.tsx';
import ReportButton from './ReportButton.tsx';
import { useHydrated } from '../use-hydrated.ts';

export interface Viewer {
  _id: string;
  isAdmin: boolean;
}

/** When, in the reader's time zone once hydrated; before, as the server drew it (in UTC, said so), so that hydration matches. */
const when = (iso: string, local: boolean) =>
  local
    ? new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })
    : `${new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

interface Props {
  comment: Comment;
  viewer: Viewer | null;
  isReply?: boolean;
  /** Drawn for a visitor and a member alike (a shared page, not yet hydrated): a member's Reply is there, shown by the session. */
  memberMaybe?: boolean;
}

/** One comment: author, text, image, and what the viewer may do (reply, edit, delete, report); replies fold out. */
export default function CommentItem({ comment, viewer, isReply = false, memberMaybe = false }: Props) {
  const local = useHydrated();
  // The list in the store owns the comment: edits (here or by others, live) and reply counts arrive through it.
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const [showReplies, setShowReplies] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const threadKey = commentKey('comment', comment._id);
  const thread = listOf(threadKey, useStore($comments));
  const own = viewer?._id === comment.creator?._id;
  const { objectType, objectId } = comment;
  const replies = comment.totalReply;

  async function remove() {
    if (!confirm('Delete this comment?')) return;
    await deleteComment(objectType, objectId, comment._id);
  }
  async function edit(text: string) {
    setProgress(0);
    const result = await editComment(comment._id, text, image, { onProgress: setProgress });
    setProgress(null);
    if (!result.ok) {
      showToast(messageOf(result.error), 'error');
      return false;
    }
    setMode('view');
    setImage(null);
    showToast('Comment updated.', 'success');
    return true;
  }
  async function toggleReplies() {
    const next = !showReplies;
    setShowReplies(next);
    if (next) await loadComments('comment', comment._id);
  }

  return (
    <li className={isReply ? 'comment reply' : 'comment'} data-testid="comment" data-id={comment._id}>
      <img className="avatar" src={comment.creator?.avatar ?? DEFAULT_AVATAR} alt="" width={36} height={36} loading="lazy" />
      <div className="comment-body">
        <p className="comment-meta">
          {comment.creator ? <a href={memberRoute(comment.creator.username)}>{comment.creator.name}</a> : <span>Deleted member</span>}
          <time dateTime={comment.createdAt}>{when(comment.createdAt, local)}</time>
          {comment.updatedAt !== comment.createdAt && <span className="muted">(edited)</span>}
        </p>
        {mode === 'edit' ? (
          <>
            <CommentForm
              label={`Edit comment ${comment._id.slice(0, 8)}`}
              submitLabel="Save"
              busy={progress !== null}
              initial={comment.content}
              onSubmit={edit}
              onCancel={() => setMode('view')}
              autoFocus
            />
            <label className="attach">
              Image (optional) <input type="file" accept="image/*" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
            </label>
            {progress !== null && <progress max={100} value={progress} aria-label="Upload progress" />}
          </>
        ) : (
          <CommentText text={comment.content} />
        )}
        {comment.attachment && mode !== 'edit' && (
          <img
            className="comment-image"
            src={comment.attachment.url}
            alt="Image attached to the comment"
            width={comment.attachment.width}
            height={comment.attachment.height}
            loading="lazy"
          />
        )}
        <div className="comment-actions">
          {!isReply && (replies > 0 || showReplies) && (
            <button type="button" className="link-button" onClick={toggleReplies} aria-expanded={showReplies}>
              {showReplies ? 'Hide replies' : `${replies} ${replies === 1 ? 'reply' : 'replies'}`}
            </button>
          )}
          {(viewer || memberMaybe) && !isReply && (
            <button
              type="button"
              className="link-button"
              data-session-only={memberMaybe ? 'member' : undefined}
              onClick={() => (setMode(mode === 'reply' ? 'view' : 'reply'), setShowReplies(true), loadComments('comment', comment._id))}
            >
              Reply
            </button>
          )}
          {own && mode === 'view' && (
            <button type="button" className="link-button" onClick={() => setMode('edit')}>
              Edit
            </button>
          )}
          {(own || viewer?.isAdmin) && (
            <button type="button" className="link-button danger" onClick={remove} data-testid="delete-comment">
              Delete
            </button>
          )}
          {viewer && !own && <ReportButton targetType="comment" targetId={comment._id} compact />}
        </div>
        {mode === 'reply' && viewer && (
          <CommentForm
            label={`Reply to ${comment.creator?.name ?? 'comment'}`}
            submitLabel="Reply"
            busy={thread.create.status === 'loading'}
            onSubmit={async (text) => (await createComment('comment', comment._id, text)) && (setMode('view'), true)}
            onCancel={() => setMode('view')}
            autoFocus
          />
        )}
        {showReplies && (
          <ol className="comment-list replies">
            {thread.items.map((r) => (
              <CommentItem key={r._id} comment={r} viewer={viewer} isReply />
            ))}
            {thread.items.length < thread.total && (
              <li>
                <button type="button" className="link-button" onClick={() => loadComments('comment', comment._id, true)}>
                  More replies
                </button>
              </li>
            )}
          </ol>
        )}
      </div>
    </li>
  );
}
