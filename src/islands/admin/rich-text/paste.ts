import { $getSelection, $isRangeSelection, COMMAND_PRIORITY_HIGH, PASTE_COMMAND, type LexicalEditor } from 'lexical';
import { $generateNodesFromDOM } from '@lexical/html';
import { $insertGeneratedNodes } from '@lexical/clipboard';
import { isRichHref } from '../../../shared/rich-text.ts';

/** Headings a text may not have (its title is the page's h1) become the nearest it may. */
const HEADINGS: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4' };

/**
 * HTML pasted from a word processor or a web page as a document the editor imports. Its style attributes and style
 * sheets are not parsed as such (the site's Content-Security-Policy refuses inline styles, and says so for each):
 * they are read as text, and what they mean for a text (bold, italic) becomes <strong> and <em>; Google Docs' outer
 * `<b style="font-weight:normal">` is not bold; a link it may not keep is its words. The editor's nodes and the
 * cleaning of its export do the rest.
 */
export function pastedDocument(html: string): Document {
  const quiet = html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, (tag) => tag.replace(/\sstyle\s*=/gi, ' data-pasted-style='));
  const dom = new DOMParser().parseFromString(quiet, 'text/html');
  for (const element of [...dom.body.querySelectorAll('[data-pasted-style]')]) {
    const style = element.getAttribute('data-pasted-style') ?? '';
    element.removeAttribute('data-pasted-style');
    if (element.localName === 'b' && /font-weight\s*:\s*(normal|[1-4]00)\b/i.test(style)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    if (/font-style\s*:\s*italic/i.test(style) && !element.closest('em, i')) wrapContent(dom, element, 'em');
    if (/font-weight\s*:\s*(bold|[6-9]00)\b/i.test(style) && !element.closest('strong, b')) wrapContent(dom, element, 'strong');
  }
  // A link to an address a text may not link to (javascript:, a local file) is its words alone.
  for (const link of [...dom.body.querySelectorAll('a')]) if (!isRichHref(link.getAttribute('href') ?? '')) link.replaceWith(...link.childNodes);
  for (const [from, to] of Object.entries(HEADINGS))
    for (const heading of [...dom.body.querySelectorAll(from)]) {
      const renamed = dom.createElement(to);
      renamed.append(...heading.childNodes);
      heading.replaceWith(renamed);
    }
  return dom;
}

function wrapContent(dom: Document, element: Element, tag: string) {
  const wrapper = dom.createElement(tag);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
}

/** Pasted HTML goes through `pastedDocument` (a copy inside the editor keeps Lexical's own way). */
export function registerPaste(editor: LexicalEditor): () => void {
  return editor.registerCommand(
    PASTE_COMMAND,
    (event) => {
      const data = 'clipboardData' in event ? event.clipboardData : null;
      const html = data?.getData('text/html');
      if (!html || data?.types.includes('application/x-lexical-editor')) return false;
      event.preventDefault();
      editor.update(() => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) $insertGeneratedNodes(editor, $generateNodesFromDOM(editor, pastedDocument(html)), selection);
      });
      return true;
    },
    COMMAND_PRIORITY_HIGH,
  );
}
