import { $getRoot, $insertNodes, type LexicalEditor } from 'lexical';
import { $generateDOMFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { RICH_ATTRIBUTES, RICH_TAGS, isRichHref } from '../../../shared/rich-text.ts';

const ALLOWED = new Set<string>(RICH_TAGS);
/** Dropped with what they hold; any other element not allowed is replaced by its content. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'head', 'title', 'meta', 'link', 'svg', 'math']);
/** Headings a text may not have (the page's title is its h1) become the nearest it may. */
const RENAMED: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4' };

/**
 * Cuts the editor's DOM export down to what the server keeps (shared/rich-text.ts): the editor's own markup (spans
 * with white-space styles, classes, `dir`) goes, so the form holds what will be stored. The server's sanitiser still
 * decides (addresses, embed markers); this only makes the two agree on what the editor writes. It works on elements,
 * never on HTML text: parsing the export's style attributes is what the site's Content-Security-Policy refuses.
 */
function clean(parent: ParentNode) {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) node.remove();
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    let element = node as Element;
    const tag = RENAMED[element.localName] ?? element.localName;
    if (tag !== element.localName) {
      const renamed = document.createElement(tag);
      renamed.append(...element.childNodes);
      element.replaceWith(renamed);
      element = renamed;
    }
    if (DROPPED.has(tag)) {
      element.remove();
      continue;
    }
    clean(element);
    // A link to an address a text may not link to (Lexical makes `javascript:` into about:blank) is its words alone.
    if (!ALLOWED.has(tag) || (tag === 'a' && !isRichHref(element.getAttribute('href') ?? ''))) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const kept = RICH_ATTRIBUTES[tag] ?? [];
    for (const name of element.getAttributeNames()) if (!kept.includes(name)) element.removeAttribute(name);
    // Lexical writes bold as <b><strong>, italic as <i><em>: one is enough.
    const only = element.childNodes.length === 1 ? element.firstElementChild : null;
    if ((tag === 'b' && only?.localName === 'strong') || (tag === 'i' && only?.localName === 'em')) element.replaceWith(only);
    // A code block: its lines as text in <code> inside <pre>, as hand-written HTML has it.
    if (tag === 'pre') {
      for (const br of element.querySelectorAll('br')) br.replaceWith('\n');
      const code = document.createElement('code');
      code.textContent = element.textContent;
      element.replaceChildren(code);
    }
  }
}

/** Replaces the editor's content with the HTML given (stored content, or a draft). */
export function $setHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  // <pre><code> is one code block (Lexical would make two, one in the other).
  for (const code of dom.querySelectorAll('pre > code:only-child')) code.replaceWith(...code.childNodes);
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  root.select();
  $insertNodes(nodes);
}

/** The editor's content as the HTML the form sends. */
export function $getHtml(editor: LexicalEditor): string {
  if (!$getRoot().getTextContent().trim() && !hasBlocks()) return '';
  const container = $generateDOMFromNodes(document.createElement('div'), null, editor);
  clean(container);
  return container.innerHTML;
}

/** Whether the text holds something other than empty paragraphs (a picture, a card, a divider). */
const hasBlocks = () =>
  $getRoot()
    .getChildren()
    .some((child) => child.getType() !== 'paragraph' || child.getTextContentSize() > 0);
