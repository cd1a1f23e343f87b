import { atom, map, type ReadableAtom, type MapStore } from 'nanostores';
import { toFailure, type ApiFailure } from '../shared/contracts/errors.ts';
import { onResetAll } from './reset.ts';

/**
 * The one shape of request state in every store: idle, loading (keeping what was shown), then ok with the data or
 * error with the typed failure. Islands read `status` for busy/disabled and `messageOf(error)` for the words.
 */
export type RequestState<T> =
  | { status: 'idle'; data?: T; error?: undefined }
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ok'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: ApiFailure };

/** What an action resolves to, for the code that called it. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export const IDLE = { status: 'idle' } as const;

/** Runs one call through the states: loading, then ok or error. Never throws. */
export async function track<T>(get: () => RequestState<T>, set: (state: RequestState<T>) => void, call: () => Promise<T>): Promise<Result<T>> {
  set({ status: 'loading', data: get().data });
  try {
    const data = await call();
    set({ status: 'ok', data });
    return { ok: true, data };
  } catch (err) {
    const error = toFailure(err);
    set({ status: 'error', data: get().data, error });
    return { ok: false, error };
  }
}

/** The payload of an API answer (`{status: 0, data}`). */
export const payload = async <T>(answer: Promise<{ data: T }>): Promise<T> => (await answer).data;

export type RequestStore<A extends unknown[], T> = ReadableAtom<RequestState<T>> & {
  run: (...args: A) => Promise<Result<T>>;
  reset: () => void;
};

/** One request at a time (a form, a page's one action): `$x.run(...)` and subscribe to `$x`. Reset with every store. */
export function requestStore<A extends unknown[], T>(call: (...args: A) => Promise<T>): RequestStore<A, T> {
  const $state = atom<RequestState<T>>(IDLE);
  const reset = () => $state.set(IDLE);
  onResetAll(reset);
  return Object.assign($state, { run: (...args: A) => track($state.get, $state.set, () => call(...args)), reset });
}

export type RequestFamily<A extends unknown[], T> = {
  $states: MapStore<Record<string, RequestState<T>>>;
  /** The state of one key (idle when never asked). */
  of: (states: Record<string, RequestState<T>>, key: string) => RequestState<T>;
  run: (key: string, ...args: A) => Promise<Result<T>>;
};

/** One request state per key (a button per item: a download, a report, an order's confirmation). */
export function requestFamily<A extends unknown[], T>(call: (key: string, ...args: A) => Promise<T>): RequestFamily<A, T> {
  const $states = map<Record<string, RequestState<T>>>({});
  const of = (states: Record<string, RequestState<T>>, key: string): RequestState<T> => states[key] ?? IDLE;
  onResetAll(() => $states.set({}));
  return {
    $states,
    of,
    run: (key, ...args) =>
      track(
        () => of($states.get(), key),
        (state) => $states.setKey(key, state),
        () => call(key, ...args),
      ),
  };
}
