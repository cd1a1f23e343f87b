import { describe, expect, it } from 'vitest';
import { linkify } from '../../src/shared/linkify.ts';

describe('linkify', () => {
  it('turns http(s) URLs into links and leaves sentence punctuation outside', () => {
    expect(linkify('See https://example.com/a?b=1, then (http://x.test).')).toEqual([
      { text: 'See ' },
      { href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { text: ', then (' },
      { href: 'http://x.test/', text: 'http://x.test' },
      { text: ').' },
    ]);
  });
  it('never links other schemes, and keeps markup as text', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> <script>alert(1)</script>';
    expect(linkify(text)).toEqual([{ text }]);
  });
  it('does not let a quote or angle bracket into a link', () => {
    expect(linkify('https://a.test/"onmouseover="x <img>')).toEqual([{ href: 'https://a.test/', text: 'https://a.test/' }, { text: '"onmouseover="x <img>' }]);
  });
});
