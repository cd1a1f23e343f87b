import { ApiError, networkFailure, type ApiFailure } from './contracts/errors.ts';
import { pathOf, type Op, type OpInput } from './operations/operation.ts';

/** The success envelope of every JSON response. */
export interface ApiResponse<T> {
  status: 0;
  data: T;
}
/** The payload of every list call. */
export interface ListResult<T> {
  data: T[];
  total: number;
  /** There are at least `total` (the server stopped counting 1,000 past the offset; shared/contracts/common.ts). */
  totalCapped?: true;
}

/**
 * A file the API answered with: its bytes as they come (a CSV export of a million rows is never whole in memory),
 * `content-type` and `content-disposition` (its name).
 */
export interface ApiFile {
  body: ReadableStream<Uint8Array>;
  type: string;
  disposition: string | null;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** One request as the client sends it: `url` is the base URL plus path and query. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Hand a successful answer's body over as a stream (`stream`), unread, instead of its text. */
  stream?: boolean;
  /** The operation called and its input, when the call names one: the site's server runs it in-process by these. */
  operation?: { op: Op; input: OpInput };
}
/** One answer as the client reads it (a failed connection throws instead). */
export interface TransportResponse {
  status: number;
  statusText: string;
  /** The body ('' when `value` or `stream` is given). */
  text: string;
  /** A successful answer's body as it comes, when the request asked for a stream. */
  stream?: ReadableStream<Uint8Array>;
  /**
   * A JSON answer the transport already holds as a value (the site's server hands over the answers it keeps, read
   * once and frozen): the client returns it as the payload instead of parsing `text`.
   */
  value?: unknown;
  header(name: string): string | null;
}
/**
 * How a request reaches the API: `fetch` in the browser (and under `astro dev`); on the site's server, a call into the
 * same process (server/site/transport.ts), through the API's own routes, hooks and errors.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** The transport over `fetch`. */
export function fetchTransport(doFetch: typeof fetch): Transport {
  return async ({ method, url, headers, body, stream }) => {
    const res = await doFetch(url, { method, headers, body });
    if (stream && res.ok && res.body)
      return { status: res.status, statusText: res.statusText, text: '', stream: res.body, header: (name) => res.headers.get(name) };
    const text = res.status === 204 || res.status === 205 ? '' : await res.text().catch(() => '');
    return { status: res.status, statusText: res.statusText, text, header: (name) => res.headers.get(name) };
  };
}

export interface ApiClientOptions {
  /** `/api` in the browser; an absolute URL on the server. */
  baseUrl: string;
  /** The current `token` (cookie) or null; sent raw in `Authorization`. */
  getSessionToken?: () => string | null | undefined;
  /** Called on a 401 before the error is thrown: the browser goes to `/login` (once, in one place). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Instead of `fetch`: how requests reach the API (the site's server calls it in-process). */
  transport?: Transport;
  /** Extra headers for every request (e.g. `x-forwarded-for` from the site's server). */
  headers?: Record<string, string>;
  /** For uploads; the browser's by default. */
  XMLHttpRequest?: typeof XMLHttpRequest;
}

/** Per request: extra headers (e.g. `Idempotency-Key`); `expect401` leaves a 401 to the caller (logging out of an ended session). */
export interface RequestOptions {
  headers?: Record<string, string>;
  expect401?: boolean;
}

export interface UploadOptions {
  /** Other form fields sent with the file(s). */
  fields?: Record<string, string | Blob>;
  /** Multipart field name of the file (default `file`). */
  fieldName?: string;
  /** Percentage 0–100 as the body is sent. */
  onProgress?: (percent: number) => void;
  method?: 'POST' | 'PUT';
}

/** `?a=1&ids=x&ids=y`: arrays as repeated keys, null and undefined left out. */
export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A non-2xx answer as the client's error union (the body's code and message when it is the contract's JSON). */
export function failureOf(status: number, statusText: string, text: string, retryAfter: string | null): ApiFailure {
  let body: { error?: unknown; message?: unknown; requestId?: unknown; fields?: unknown } = {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed;
  } catch {
    /* not JSON: a proxy's error page */
  }
  const message = typeof body.message === 'string' ? body.message : statusText || `Request failed with status ${status}`;
  if (status === 401) return { kind: 'unauthorized', status, code: 'UNAUTHORIZED', message };
  if (status === 429) return { kind: 'rate_limited', status, code: 'RATE_LIMITED', message, retryAfter: Math.max(1, Number(retryAfter) || 1) };
  const code =
    typeof body.error === 'string' && typeof body.message === 'string' ? (body.error as Extract<ApiFailure, { kind: 'server' }>['code']) : 'HTTP_ERROR';
  const fields =
    body.fields && typeof body.fields === 'object' ? Object.fromEntries(Object.entries(body.fields).filter(([, v]) => typeof v === 'string')) : null;
  return {
    kind: 'server',
    status,
    code,
    message,
    ...(typeof body.requestId === 'string' ? { requestId: body.requestId } : {}),
    ...(fields && Object.keys(fields).length ? { fields } : {}),
  };
}

/** One client for the browser (stores) and the site's server (per request); the rules of SPEC.md §7–8. */
export function createApiClient(opts: ApiClientOptions) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const send = opts.transport ?? fetchTransport(opts.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)));

  function headers(json: boolean, extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', ...opts.headers, ...extra };
    if (json) h['content-type'] = 'application/json';
    const token = opts.getSessionToken?.();
    if (token) h.authorization = token;
    return h;
  }

  /** The answer's payload, or an `ApiError` (the only thing this client throws); a 401 is reported once to `onUnauthorized`. */
  function handle<T>(status: number, statusText: string, text: string, retryAfter: string | null, options: RequestOptions): T {
    if (status < 200 || status >= 300) {
      const failure = failureOf(status, statusText, text, retryAfter);
      if (failure.kind === 'unauthorized' && !options.expect401) opts.onUnauthorized?.();
      throw new ApiError(failure);
    }
    if (status === 204 || status === 205 || !text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError({ kind: 'server', status, code: 'HTTP_ERROR', message: 'The server sent an answer that is not JSON.' });
    }
  }

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    query: Query | undefined,
    options: RequestOptions = {},
    operation?: TransportRequest['operation'],
  ): Promise<T> {
    let res: TransportResponse;
    try {
      res = await send({
        method,
        url: `${base}${path}${toQueryString(query)}`,
        headers: headers(body !== undefined, options.headers),
        body: body === undefined ? undefined : JSON.stringify(body),
        operation,
      });
    } catch (err) {
      throw new ApiError(networkFailure(err instanceof Error ? err.message : undefined));
    }
    if (res.value !== undefined && res.status >= 200 && res.status < 300) return res.value as T;
    return handle<T>(res.status, res.statusText, res.text, res.header('retry-after'), options);
  }

  /** A file that is not JSON (a CSV export): its text and how the server describes it; failures as for every call. */
  async function file(path: string, query?: Query): Promise<ApiFile> {
    let res: TransportResponse;
    try {
      res = await send({ method: 'GET', url: `${base}${path}${toQueryString(query)}`, headers: { ...headers(false), accept: '*/*' }, stream: true });
    } catch (err) {
      throw new ApiError(networkFailure(err instanceof Error ? err.message : undefined));
    }
    if (res.status < 200 || res.status >= 300 || !res.stream) handle<never>(res.status, res.statusText, res.text, res.header('retry-after'), {});
    return { body: res.stream!, type: res.header('content-type') ?? 'application/octet-stream', disposition: res.header('content-disposition') };
  }

  function upload<T>(path: string, files: Blob | Blob[], options: UploadOptions = {}): Promise<T> {
    const Xhr = opts.XMLHttpRequest ?? globalThis.XMLHttpRequest;
    const form = new FormData();
    for (const file of Array.isArray(files) ? files : [files]) form.append(options.fieldName ?? 'file', file);
    for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
    return new Promise<T>((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open(options.method ?? 'POST', `${base}${path}`);
      for (const [k, v] of Object.entries(headers(false))) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => {
        try {
          resolve(handle<T>(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('retry-after'), {}));
        } catch (err) {
          reject(err);
        }
      };
      xhr.onerror = () => reject(new ApiError(networkFailure('The upload could not reach the server.')));
      xhr.send(form);
    });
  }

  /** An operation (shared/operations): its path filled in from `input.params`, its query and body from the input. */
  function call<In extends OpInput, Out>(op: Op<In, Out>, input: In, options?: RequestOptions): Promise<ApiResponse<Out>> {
    const body = op.method === 'GET' ? undefined : (input.body ?? (op.method === 'DELETE' ? undefined : {}));
    return request<ApiResponse<Out>>(op.method, pathOf(op, input.params), body, input.query as Query | undefined, options, { op, input });
  }

  return {
    call,
    get: <T>(path: string, query?: Query, options?: RequestOptions) => request<ApiResponse<T>>('GET', path, undefined, query, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<ApiResponse<T>>('POST', path, body ?? {}, undefined, options),
    put: <T>(path: string, body?: unknown) => request<ApiResponse<T>>('PUT', path, body ?? {}, undefined),
    patch: <T>(path: string, body?: unknown) => request<ApiResponse<T>>('PATCH', path, body ?? {}, undefined),
    del: <T>(path: string, body?: unknown) => request<ApiResponse<T>>('DELETE', path, body, undefined),
    upload: <T>(path: string, files: Blob | Blob[], options?: UploadOptions) => upload<ApiResponse<T>>(path, files, options),
    file,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
