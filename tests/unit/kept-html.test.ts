import { describe, expect, it, vi } from 'vitest';
import { keepHtml, keptHtml, keyOf, keyOfFrozen } from '../../src/components/ui/kept-html.ts';
import { deepFreeze } from '../../src/shared/deep-freeze.ts';

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

  it('the key of a frozen input is the key of the same input, worked out once', () => {
    const cards = deepFreeze([{ id: '1', title: 'A' }]);
    const key = keyOfFrozen(['cards', 4], cards);
    expect(key).toBe(keyOf(['cards', 4, cards]));
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(keyOfFrozen(['cards', 4], cards)).toBe(key);
    expect(stringify).not.toHaveBeenCalled();
    expect(keyOfFrozen(['cards', 0], cards)).toBe(keyOf(['cards', 0, cards]));
    stringify.mockRestore();
    // An input that may change is keyed as it is now.
    const open = [{ id: '1', title: 'A' }];
    keyOfFrozen(['cards', 4], open);
    open[0]!.title = 'B';
    expect(keyOfFrozen(['cards', 4], open)).toBe(keyOf(['cards', 4, open]));
  });
});
