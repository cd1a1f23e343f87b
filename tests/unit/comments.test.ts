// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/client/api.ts';
import type { Comment } from '../../src/shared/contracts/comments.ts';
import { commentKey, listOf, loadComments, PAGE_SIZE, refreshComments, seedComments } from '../../src/stores/comments.ts';
import { resetAll } from '../../src/stores/reset.ts';

const OBJECT = '00000000-0000-4000-8000-000000000001';
const KEY = commentKey('video', OBJECT);
/** Comment `n`, written `n` minutes after midnight: a higher `n` is newer. */
const comment = (n: number): Comment => {
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return { _id: `c${n}`, objectType: 'video', objectId: OBJECT, content: `comment ${n}`, creator: null, totalReply: 0, createdAt: at, updatedAt: at };
};
/** Comments `from` down to `to`, newest first (as the API lists them). */
const newestFirst = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => comment(from - i));
const ids = () => listOf(KEY).items.map((c) => c._id);

/** What the API holds now, newest first; it answers any page of it. */
let stored: Comment[] = [];

beforeEach(() => {
  resetAll();
  configureApi({
    baseUrl: 'http://test/api',
    fetch: async (input) => {
      const url = new URL(String(input));
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return Response.json({ status: 0, data: { data: stored.slice(offset, offset + limit), total: stored.length } });
    },
  });
});

describe('stores/comments: the first page drawn by the server, read again when the island wakes', () => {
  it('puts what was written since the page was drawn on top, and drops what was deleted', async () => {
    seedComments(KEY, { data: newestFirst(3, 1), total: 3 });
    stored = [comment(5), comment(4), comment(3), comment(1)];
    await refreshComments('video', OBJECT);
    expect(ids()).toEqual(['c5', 'c4', 'c3', 'c1']);
    expect(listOf(KEY).total).toBe(4);
  });

  it("keeps the older comments 'more' brought below a full first page", async () => {
    stored = newestFirst(25, 1);
    seedComments(KEY, { data: stored.slice(0, PAGE_SIZE), total: 25 });
    await loadComments('video', OBJECT, true);
    expect(ids()).toHaveLength(2 * PAGE_SIZE);
    stored = [comment(26), ...stored];
    await refreshComments('video', OBJECT);
    expect(ids()).toEqual(newestFirst(26, 26 - 2 * PAGE_SIZE).map((c) => c._id));
    expect(listOf(KEY).total).toBe(26);
  });

  it('leaves the list as drawn when the API cannot be reached', async () => {
    seedComments(KEY, { data: newestFirst(2, 1), total: 2 });
    configureApi({ fetch: async () => Promise.reject(new TypeError('offline')) });
    await refreshComments('video', OBJECT);
    expect(ids()).toEqual(['c2', 'c1']);
    expect(listOf(KEY).load.status).toBe('ok');
  });
});
