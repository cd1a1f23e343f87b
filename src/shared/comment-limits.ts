/** What a comment may hold (SPEC.md §4): here for the browser's comment box, which must not import the contract's schemas. */
export const COMMENT_MAX = 2000;
export const COMMENT_EMPTY = 'A comment needs some text.';
export const COMMENT_TOO_LONG = `A comment can have at most ${COMMENT_MAX} characters.`;
