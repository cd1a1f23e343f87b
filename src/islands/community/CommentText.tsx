import { linkify } from '../../shared/linkify.ts';

/** Comment text as text (React escapes it), line breaks kept, http(s) links clickable and marked as user content. */
export default function CommentText({ text }: { text: string }) {
  return (
    <p className="comment-text">
      {linkify(text).map((s, i) =>
        'href' in s ? (
          <a key={i} href={s.href} rel="nofollow ugc noopener noreferrer" target="_blank">
            {s.text}
          </a>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </p>
  );
}
