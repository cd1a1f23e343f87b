// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createHeadlessEditor } from '@lexical/headless';
import { RICH_NODES } from '../../src/islands/admin/rich-text/nodes.tsx';
import { $getHtml, $setHtml } from '../../src/islands/admin/rich-text/html.ts';
import { pastedDocument } from '../../src/islands/admin/rich-text/paste.ts';
import { $getRoot, $insertNodes } from 'lexical';
import { $generateNodesFromDOM } from '@lexical/html';
import { sanitizeContent, paragraphsToHtml } from '../../src/server/lib/text/html.ts';
import { DEMO_POSTS, DEMO_STORIES } from '../../src/server/db/demo/catalogue-data.ts';
import { richParts } from '../../src/components/catalogue/rich-content.ts';

/** Opens HTML in the editor (as a form does with a stored text, or as a paste) and gives back what the editor would send. */
function throughEditor(html: string, how: 'open' | 'paste' = 'open'): string {
  const editor = createHeadlessEditor({
    nodes: RICH_NODES,
    onError: (err) => {
      throw err;
    },
  });
  editor.update(
    () => {
      if (how === 'open') return $setHtml(editor, html);
      $getRoot().clear().select();
      $insertNodes($generateNodesFromDOM(editor, pastedDocument(html)));
    },
    { discrete: true },
  );
  return editor.read(() => $getHtml(editor));
}

/** What is stored, laid out the same whatever wrote it (the editor puts no line breaks between blocks). */
const stored = (html: string) => sanitizeContent(html).replace(/>\s*\n\s*</g, '><');

const RICH = [
  '<h2>A heading</h2>',
  '<p>Some <strong>bold</strong>, some <em>italic</em>, a <a href="https://example.com/a" rel="nofollow noopener">link</a>, an <a href="/posts/other" rel="nofollow noopener">inside link</a> and <code>code</code>.</p>',
  '<h3>Smaller</h3><h4>Smallest</h4>',
  '<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>',
  '<blockquote>A quote.</blockquote>',
  '<hr />',
  '<pre><code>const a = 1;\nconst b = 2;</code></pre>',
  '<figure><img src="/media/public/text/0c6f.webp" alt="A lighthouse" width="1600" height="900" /><figcaption>At dusk</figcaption></figure>',
  '<figure data-embed="video" data-slug="night-shift"><a href="/videos/night-shift" rel="nofollow noopener">Night shift</a></figure>',
].join('\n');

describe('the rich-text editor and stored HTML', () => {
  it('opens the demo posts and stories and gives back the same stored text', () => {
    for (const item of [...DEMO_POSTS, ...DEMO_STORIES]) {
      const html = paragraphsToHtml(item.paragraphs);
      expect(stored(throughEditor(html)), item.title).toBe(stored(html));
    }
  });

  it('opens old content with headings, lists, quotes, code, pictures and cards unchanged', () => {
    expect(stored(throughEditor(RICH))).toBe(stored(RICH));
  });

  it('cleans what a word processor pastes to the HTML the site keeps', () => {
    const word = [
      '<html><head><style>p.MsoNormal { margin: 0 }</style></head><body>',
      '<h1 style="mso-outline-level:1">Title from Word</h1>',
      '<p class="MsoNormal" style="margin:0cm"><b><span style="font-size:12pt;font-family:Calibri">Strong</span></b><span> words <u>underlined</u></span><o:p></o:p></p>',
      '<p class="MsoNormal"><img src="file:///C:/Users/a/image001.png" width="100"><a href="javascript:alert(1)">bad link</a></p>',
      '<script>alert(1)</script></body></html>',
    ].join('');
    const html = throughEditor(word, 'paste');
    expect(html).toBe('<h2>Title from Word</h2><p><strong>Strong</strong> words underlined</p><p>bad link</p>');
    expect(stored(html)).toBe(html);
  });

  it('reads Google Docs\u2019 bold and italic from their styles, and its outer <b> as nothing', () => {
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:400;">Plain, </span><span style="font-weight:700;">bold</span><span style="font-weight:400;"> and </span><span style="font-style:italic;font-weight:400;">italic</span></p></b>';
    expect(throughEditor(docs, 'paste')).toBe('<p>Plain, <strong>bold</strong> and <em>italic</em></p>');
  });
});

describe('sanitizeContent', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<figure><img src="https://cdn.example.com/a.png" alt="A" width="10" height="20" /></figure><p><a href="mailto:a@example.com" rel="nofollow noopener">mail</a></p>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('still strips scripts, event handlers, javascript: links, foreign pictures and attributes', () => {
    const html = sanitizeContent(
      [
        '<p onclick="steal()" class="x" style="color:red">Hi <a href="javascript:alert(1)" onmouseover="steal()">x</a> <a href="//evil.example">y</a></p>',
        '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
        '<img src="javascript:alert(1)" onerror="steal()" alt="a" /><img src="http://plain.example/a.png" alt="b" />',
        '<img src="/media/img/abc/original.jpg?e=1&s=2" alt="signed" /><img src="/media/public/../secret.webp" alt="c" />',
        '<img src="data:image/png;base64,AAAA" alt="d" />',
        '<figure data-embed="iframe" data-slug="x" data-other="1"><figcaption>cap</figcaption></figure>',
        '<figure data-embed="video" data-slug="Bad Slug!">t</figure>',
      ].join(''),
    );
    expect(html).toBe(
      '<p>Hi <a rel="nofollow noopener">x</a> <a rel="nofollow noopener">y</a></p><figure><figcaption>cap</figcaption></figure><figure>t</figure>',
    );
  });
});

describe('richParts', () => {
  it('cuts stored text at its embed markers and leaves other figures in the HTML', () => {
    const html = stored(RICH);
    const parts = richParts(html);
    expect(parts.filter((p) => 'embed' in p)).toEqual([{ embed: 'video', slug: 'night-shift' }]);
    expect(parts.map((p) => ('html' in p ? p.html : '[card]')).join('')).toBe(html.replace(/<figure data-embed[\s\S]*?<\/figure>/, '[card]'));
    expect(richParts('<p>Plain</p>')).toEqual([{ html: '<p>Plain</p>' }]);
  });
});
