import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPPED_FOR_MS, rememberCapped } from '../../src/server/db/lists.ts';
import type { Tx } from '../../src/server/db/client.ts';

/** A list's count that answers `matches` (up to the bound asked), and how often it ran. */
function counter(matches: number) {
  const calls: number[] = [];
  return { calls, set: (n: number) => (matches = n), count: async (upTo: number) => (calls.push(upTo), Math.min(matches, upTo)) };
}

describe('rememberCapped: a count at its bound is taken as such for a while, an exact one never', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a capped list once, then again after CAPPED_FOR_MS', async () => {
    vi.useFakeTimers();
    const db = {} as Tx;
    const c = counter(5_000);
    expect(await rememberCapped(db, 'videos', c.count)(1_000)).toBe(1_000);
    expect(await rememberCapped(db, 'videos', c.count)(1_000)).toBe(1_000);
    expect(c.calls).toEqual([1_000]);
    // Another bound (a deeper page) or another list is counted for itself.
    expect(await rememberCapped(db, 'videos', c.count)(1_024)).toBe(1_024);
    expect(await rememberCapped(db, 'galleries', c.count)(1_000)).toBe(1_000);
    expect(c.calls).toEqual([1_000, 1_024, 1_000]);
    c.set(400);
    vi.advanceTimersByTime(CAPPED_FOR_MS + 1);
    expect(await rememberCapped(db, 'videos', c.count)(1_000)).toBe(400);
  });

  it('counts an exact list every time, so that one more match shows at once', async () => {
    const db = {} as Tx;
    const c = counter(30);
    expect(await rememberCapped(db, 'category', c.count)(1_000)).toBe(30);
    c.set(31);
    expect(await rememberCapped(db, 'category', c.count)(1_000)).toBe(31);
    expect(c.calls).toHaveLength(2);
  });

  it('keeps each database apart', async () => {
    const c = counter(5_000);
    await rememberCapped({} as Tx, 'videos', c.count)(1_000);
    await rememberCapped({} as Tx, 'videos', c.count)(1_000);
    expect(c.calls).toHaveLength(2);
  });
});
