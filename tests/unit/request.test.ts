import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/contracts/errors.ts';
import { resetAll } from '../../src/stores/reset.ts';
import { requestFamily, requestStore } from '../../src/stores/request.ts';

describe('the one request-state helper', () => {
  it('goes idle → loading → ok with the data, and keeps the data shown while loading again', async () => {
    let answer = 1;
    const $x = requestStore(async (add: number) => answer + add);
    const seen: string[] = [];
    $x.subscribe((s) => seen.push(`${s.status}:${s.data ?? '-'}`));
    expect(await $x.run(1)).toEqual({ ok: true, data: 2 });
    answer = 10;
    await $x.run(1);
    expect(seen).toEqual(['idle:-', 'loading:-', 'ok:2', 'loading:2', 'ok:11']);
  });

  it('ends in error with the typed failure, and never throws', async () => {
    const $x = requestStore(async () => {
      throw new ApiError({ kind: 'server', status: 409, code: 'ALREADY_BOUGHT', message: 'You own this already.' });
    });
    const result = await $x.run();
    expect(result).toEqual({ ok: false, error: { kind: 'server', status: 409, code: 'ALREADY_BOUGHT', message: 'You own this already.' } });
    expect($x.get()).toMatchObject({ status: 'error', error: { code: 'ALREADY_BOUGHT' } });
  });

  it('a family keeps one state per key, and reset-all empties it', async () => {
    const family = requestFamily(async (id: string) => id.toUpperCase());
    await family.run('a');
    expect(family.of(family.$states.get(), 'a')).toEqual({ status: 'ok', data: 'A' });
    expect(family.of(family.$states.get(), 'b')).toEqual({ status: 'idle' });
    resetAll();
    expect(family.$states.get()).toEqual({});
  });
});
