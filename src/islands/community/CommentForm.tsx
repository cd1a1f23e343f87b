import { useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { COMMENT_MAX } from '../../shared/comment-limits.ts';

interface Props {
  label: string;
  submitLabel: string;
  busy: boolean;
  initial?: string;
  /** Resolves true when the text was accepted (the form then empties). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A comment box with a live character count; the server has the last word on length and emptiness. */
export default function CommentForm({ label, submitLabel, busy, initial = '', onSubmit, onCancel, autoFocus }: Props) {
  const id = useId();
  const [text, setText] = useState(initial);
  const box = useRef<HTMLTextAreaElement>(null);
  // What was typed before the island woke (the keyboard's focus wakes it) is kept, not emptied by hydration.
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed) setText(typed);
  }, []);
  const length = [...text.trim()].length;
  const over = length > COMMENT_MAX;
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !length || over) return;
    if (await onSubmit(text)) setText('');
  }
  return (
    <form method="post" className="comment-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {label}
      </label>
      <textarea
        ref={box}
        id={`${id}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={label}
        rows={3}
        maxLength={COMMENT_MAX * 2}
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
      />
      <div className="comment-form-foot">
        <span id={`${id}-count`} className={over ? 'count over' : 'count'} aria-live="polite">
          {length}/{COMMENT_MAX}
        </span>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy || !length || over} aria-busy={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
