import { describe, expect, it } from 'vitest';
import { keepHtml, keptHtml, keyOf } from '../../src/components/ui/kept-html.ts';

describe('kept HTML', () => {
  it('gives back what was kept under the same input, nothing for another', () => {
    keepHtml(keyOf(['unit', 1, { a: 'x' }]), '<p>one</p>');
    expect(keptHtml(keyOf(['unit', 1, { a: 'x' }]))).toBe('<p>one</p>');
    expect(keptHtml(keyOf(['unit', 1, { a: 'y' }]))).toBeUndefined();
    expect(keptHtml(keyOf(['unit', 2, { a: 'x' }]))).toBeUndefined();
  });

  it('keeps at most 200 pieces, letting the least recently used go first', () => {
    keepHtml(keyOf(['lru', 'first']), 'first');
    keepHtml(keyOf(['lru', 'second']), 'second');
    expect(keptHtml(keyOf(['lru', 'first']))).toBe('first');
    for (let i = 0; i < 199; i++) keepHtml(keyOf(['lru', i]), String(i));
    expect(keptHtml(keyOf(['lru', 'first']))).toBe('first');
    expect(keptHtml(keyOf(['lru', 'second']))).toBeUndefined();
    expect(keptHtml(keyOf(['lru', 198]))).toBe('198');
  });
});
