import { useEffect, useRef, useState } from 'react';
import type { EditorState, LexicalEditor } from 'lexical';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { HorizontalRulePlugin } from '@lexical/react/LexicalHorizontalRulePlugin';
import { MarkdownShortcutPlugin } from '@lexical/react/LexicalMarkdownShortcutPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { EditorRefPlugin } from '@lexical/react/LexicalEditorRefPlugin';
import { isRichHref } from '../../shared/rich-text.ts';
import { RICH_NODES } from './rich-text/nodes.tsx';
import { $getHtml, $setHtml } from './rich-text/html.ts';
import { SHORTCUTS } from './rich-text/markdown.ts';
import { forgetDraft, keepDraft, readDraft, type Draft } from './rich-text/drafts.ts';
import Toolbar from './rich-text/Toolbar.tsx';

export interface RichTextEditorProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  /** The HTML it opens with (the stored text; old content opens as it is). */
  value: string;
  onChange: (html: string) => void;
  /** Where its unsaved text is kept in this browser (rich-text/drafts.ts). */
  draftKey: string;
  /** Says when the text was kept, in the site's time zone. */
  timeText: (iso: string) => string;
}

const THEME = {
  paragraph: 'rte-p',
  quote: 'rte-quote',
  heading: { h2: 'rte-h2', h3: 'rte-h3', h4: 'rte-h4' },
  list: { ul: 'rte-ul', ol: 'rte-ol', listitem: 'rte-li' },
  link: 'rte-link',
  code: 'rte-code',
  text: { bold: 'rte-bold', italic: 'rte-italic', code: 'rte-inline-code' },
};

/**
 * The rich-text editor (Lexical) of a form's `html` field: toolbar, keyboard and Markdown shortcuts, pictures and
 * cards; what it writes is the HTML the server keeps (shared/rich-text.ts). Loaded only by the back office's forms.
 * While it differs from what is saved, the text is kept in this browser, and offered back when the form opens again.
 */
export default function RichTextEditor({ id, label, hint, error, value, onChange, draftKey, timeText }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const initial = useRef(value);
  const [draft, setDraft] = useState<Draft | null>(() => {
    const kept = readDraft(draftKey);
    return kept && kept.html !== value ? kept : null;
  });
  const editor = useRef<LexicalEditor | null>(null);
  const last = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changed = (_state: EditorState, lexical: LexicalEditor) => {
    const html = lexical.read(() => $getHtml(lexical));
    if (html === last.current) return;
    last.current = html;
    onChange(html);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => (html === initial.current ? forgetDraft(draftKey) : keepDraft(draftKey, html)), 800);
  };
  const restore = () => {
    const html = draft!.html;
    setDraft(null);
    editor.current?.update(() => $setHtml(editor.current!, html));
  };
  const discard = () => {
    forgetDraft(draftKey);
    setDraft(null);
  };

  return (
    <div className="field rte" data-testid={`rte-${id}`}>
      <span className="rte-label" id={labelId}>
        {label}
      </span>
      {draft && (
        <div className="alert rte-draft" role="status">
          <span>A version of this text not yet saved was kept in this browser ({timeText(draft.at)}).</span>{' '}
          <button type="button" className="btn btn-ghost" onClick={restore}>
            Restore it
          </button>
          <button type="button" className="btn btn-ghost" onClick={discard}>
            Discard it
          </button>
        </div>
      )}
      <LexicalComposer
        initialConfig={{
          namespace: id,
          nodes: RICH_NODES,
          theme: THEME,
          onError: (err) => {
            throw err;
          },
          editorState: (lexical) => $setHtml(lexical, value),
        }}
      >
        <EditorRefPlugin editorRef={editor} />
        <div className="rte-box">
          <Toolbar label={label} />
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                className="rte-content prose"
                aria-labelledby={labelId}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                aria-multiline
                role="textbox"
                spellCheck
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={isRichHref} />
        <HorizontalRulePlugin />
        <MarkdownShortcutPlugin transformers={SHORTCUTS} />
        <OnChangePlugin ignoreSelectionChange onChange={changed} />
      </LexicalComposer>
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
    </div>
  );
}
