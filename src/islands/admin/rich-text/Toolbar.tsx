import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  $createParagraphNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_HIGH,
  FORMAT_TEXT_COMMAND,
  KEY_MODIFIER_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type LexicalNode,
} from 'lexical';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { INSERT_HORIZONTAL_RULE_COMMAND } from '@lexical/react/LexicalHorizontalRuleNode';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND, ListNode } from '@lexical/list';
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import { $createEmbedNode, $createImageNode } from './nodes.tsx';
import { EmbedDialog, ImageDialog, LinkDialog } from './dialogs.tsx';
import { registerPaste } from './paste.ts';

type Block = 'paragraph' | 'h2' | 'h3' | 'h4' | 'quote' | 'bullet' | 'number' | 'other';
interface State {
  block: Block;
  bold: boolean;
  italic: boolean;
  link: string | null;
}
const BLOCKS: { value: Block; label: string }[] = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: 'h2', label: 'Heading' },
  { value: 'h3', label: 'Subheading' },
  { value: 'h4', label: 'Small heading' },
];
/** The formats a text may have (shared/rich-text.ts); underline, strikethrough and the like are not kept, so not made. */
const FORMATS = new Set(['bold', 'italic', 'code']);

function $state(): State | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? anchor : anchor.getTopLevelElementOrThrow();
  const list = $getNearestNodeOfType(anchor, ListNode);
  const block: Block = list
    ? list.getListType() === 'number'
      ? 'number'
      : 'bullet'
    : $isHeadingNode(top)
      ? (top.getTag() as Block)
      : $isQuoteNode(top)
        ? 'quote'
        : top.getType() === 'paragraph'
          ? 'paragraph'
          : 'other';
  const link = $findMatchingParent(anchor, $isLinkNode);
  return { block, bold: selection.hasFormat('bold'), italic: selection.hasFormat('italic'), link: $isLinkNode(link) ? link.getURL() : null };
}

type Open = null | 'link' | 'image' | 'embed';

/** The editor's toolbar: text style, bold, italic, link, lists, quote, divider, picture, card; undo and redo. */
export default function Toolbar({ label }: { label: string }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<State>({ block: 'paragraph', bold: false, italic: false, link: null });
  const [open, setOpen] = useState<Open>(null);
  /** Where the cursor was when a dialog opened: what it inserts goes there. */
  const [kept, setKept] = useState<BaseSelection | null>(null);

  /** Opens a dialog; `selection` when called inside an update (a command), else read from the editor. */
  const openDialog = useCallback(
    (which: Open, selection?: BaseSelection | null) => {
      setKept(selection !== undefined ? selection : editor.read(() => $getSelection()?.clone() ?? null));
      setOpen(which);
    },
    [editor],
  );
  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          // Read now: a state updater would run later, outside the read.
          const next = editorState.read($state, { editor });
          if (next) setState(next);
        }),
        editor.registerCommand(FORMAT_TEXT_COMMAND, (format) => !FORMATS.has(format), COMMAND_PRIORITY_HIGH),
        registerPaste(editor),
        editor.registerCommand(
          KEY_MODIFIER_COMMAND,
          (event) => {
            if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return false;
            event.preventDefault();
            openDialog('link', $getSelection()?.clone() ?? null);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor, openDialog],
  );

  const close = () => {
    setOpen(null);
    editor.focus();
  };
  /** Runs `change` with the cursor where it was when the dialog opened. */
  const atKept = (change: () => void) => {
    setOpen(null);
    editor.update(() => {
      if (kept) $setSelection(kept.clone());
      change();
    });
    editor.focus();
  };
  const insert = (node: () => LexicalNode) => atKept(() => $insertNodes([node()]));
  const setBlock = (block: Block) =>
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      if (block === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else if (block === 'quote') $setBlocksType(selection, () => (state.block === 'quote' ? $createParagraphNode() : $createQuoteNode()));
      else $setBlocksType(selection, () => $createHeadingNode(block as HeadingTagType));
    });
  const list = (type: 'bullet' | 'number') =>
    editor.dispatchCommand(
      state.block === type ? REMOVE_LIST_COMMAND : type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
      undefined,
    );

  const button = (text: string, onClick: () => void, pressed?: boolean, shortcut?: string): ReactNode => (
    <button
      type="button"
      className="rte-button"
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={shortcut ? `${text} (${shortcut.replace('Control', 'Ctrl')})` : text}
      onClick={onClick}
    >
      {text}
    </button>
  );
  return (
    <div className="rte-toolbar" role="toolbar" aria-label={`${label}: formatting`}>
      <select
        className="rte-select"
        aria-label="Text style"
        value={BLOCKS.some((b) => b.value === state.block) ? state.block : ''}
        onChange={(e) => setBlock(e.target.value as Block)}
      >
        {!BLOCKS.some((b) => b.value === state.block) && <option value="">—</option>}
        {BLOCKS.map((b) => (
          <option key={b.value} value={b.value}>
            {b.label}
          </option>
        ))}
      </select>
      {button('Bold', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'), state.bold, 'Control+B')}
      {button('Italic', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'), state.italic, 'Control+I')}
      {button('Link', () => openDialog('link'), Boolean(state.link), 'Control+K')}
      {button('Bulleted list', () => list('bullet'), state.block === 'bullet')}
      {button('Numbered list', () => list('number'), state.block === 'number')}
      {button('Quote', () => setBlock('quote'), state.block === 'quote')}
      {button('Divider', () => editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined))}
      {button('Insert picture', () => openDialog('image'))}
      {button('Insert card', () => openDialog('embed'))}
      {button('Undo', () => editor.dispatchCommand(UNDO_COMMAND, undefined), undefined, 'Control+Z')}
      {button('Redo', () => editor.dispatchCommand(REDO_COMMAND, undefined), undefined, 'Control+Shift+Z')}
      {open === 'link' && (
        <LinkDialog initial={state.link ?? ''} onClose={close} onDone={(href) => atKept(() => editor.dispatchCommand(TOGGLE_LINK_COMMAND, href))} />
      )}
      {open === 'image' && <ImageDialog onClose={close} onDone={(image) => insert(() => $createImageNode(image))} />}
      {open === 'embed' && <EmbedDialog onClose={close} onDone={(embed) => insert(() => $createEmbedNode(embed))} />}
    </div>
  );
}
