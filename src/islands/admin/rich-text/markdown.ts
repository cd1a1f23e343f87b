import type { ElementTransformer, TextFormatTransformer, Transformer } from '@lexical/markdown';
import { BOLD_STAR, BOLD_UNDERSCORE, INLINE_CODE, ITALIC_STAR, ITALIC_UNDERSCORE, ORDERED_LIST, QUOTE, UNORDERED_LIST } from '@lexical/markdown';
import { $createHeadingNode, $isHeadingNode, HeadingNode, type HeadingTagType } from '@lexical/rich-text';
import { $createHorizontalRuleNode, $isHorizontalRuleNode, HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';

/** `## `, `### `, `#### ` at the start of a line: the headings a text may have (its title is the page's h1). */
const HEADING: ElementTransformer = {
  dependencies: [HeadingNode],
  export: (node, exportChildren) => ($isHeadingNode(node) ? `${'#'.repeat(Number(node.getTag().slice(1)))} ${exportChildren(node)}` : null),
  regExp: /^(#{2,4})\s/,
  replace: (parent, children, match) => {
    const heading = $createHeadingNode(`h${match[1]!.length}` as HeadingTagType);
    heading.append(...children);
    parent.replace(heading);
    heading.select(0, 0);
  },
  type: 'element',
};

/** `---` (or `***`, `___`) alone on a line: a divider. */
const DIVIDER: ElementTransformer = {
  dependencies: [HorizontalRuleNode],
  export: (node) => ($isHorizontalRuleNode(node) ? '---' : null),
  regExp: /^(---|\*\*\*|___)\s?$/,
  replace: (parent, _children, _match, isImport) => {
    const line = $createHorizontalRuleNode();
    if (isImport || parent.getNextSibling() != null) parent.replace(line);
    else parent.insertBefore(line);
    line.selectNext();
  },
  type: 'element',
};

/** The Markdown shortcuts the editor turns into formatting as they are typed. */
export const SHORTCUTS: Transformer[] = [
  HEADING,
  QUOTE,
  UNORDERED_LIST,
  ORDERED_LIST,
  DIVIDER,
  INLINE_CODE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
] satisfies (ElementTransformer | TextFormatTransformer)[];
