import type { ErrorBody } from './contracts/common.ts';
import { FORBIDDEN_IN_ACTION } from './messages.ts';

/** The success envelope of every JSON response. */
export interface ApiResponse<T> {
  status: 0;
  data: T;
}
/** The payload of every list call. */
export interface ListResult<T> {
  data: T[];
  total: number;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface ApiClientOptions {
  /** `/api` in the browser; an absolute URL on the server. */
  baseUrl: string;
  /** The current `token` (cookie) or null; sent raw in `Authorization`. */
  getToken?: () => string | null | undefined;
  /** Called on a 401 before the error is thrown: the browser goes to `/login`. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Extra headers for every request (e.g. `x-forwarded-for` from the site's server). */
  headers?: Record<string, string>;
  /** For uploads; the browser's by default. */
  XMLHttpRequest?: typeof XMLHttpRequest;
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

/** Thrown for a non-2xx answer other than 401: the JSON error body of the contract. */
export class ApiError extends Error implements ErrorBody {
  statusCode: number;
  error: string;
  requestId?: string;
  constructor(body: ErrorBody) {
    super(body.message);
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.requestId = body.requestId;
  }
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

async function errorBody(status: number, statusText: string, text: string): Promise<ErrorBody> {
  try {
    const body = JSON.parse(text);
    if (body && typeof body === 'object' && typeof body.message === 'string') return { statusCode: status, error: 'HTTP_ERROR', ...body };
  } catch {
    /* not JSON */
  }
  return { statusCode: status, error: 'HTTP_ERROR', message: statusText || `Request failed with status ${status}` };
}

/** One client for the browser (stores) and the site's server (per request); the rules of SPEC.md §7–8. */
export function createApiClient(opts: ApiClientOptions) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  function headers(json: boolean, extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', ...opts.headers, ...extra };
    if (json) h['content-type'] = 'application/json';
    const token = opts.getToken?.();
    if (token) h.authorization = token;
    return h;
  }

  async function handle<T>(status: number, statusText: string, text: string): Promise<T> {
    if (status === 401) {
      opts.onUnauthorized?.();
      throw new Error(FORBIDDEN_IN_ACTION);
    }
    if (status < 200 || status >= 300) throw new ApiError(await errorBody(status, statusText, text));
    if (status === 204 || status === 205 || !text) return null as T;
    return JSON.parse(text) as T;
  }

  async function request<T>(method: string, path: string, body?: unknown, query?: Query, extra?: Record<string, string>): Promise<T> {
    const res = await doFetch(`${base}${path}${toQueryString(query)}`, {
      method,
      headers: headers(body !== undefined, extra),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return handle<T>(res.status, res.statusText, res.status === 204 || res.status === 205 ? '' : await res.text());
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
      xhr.onload = () => handle<T>(xhr.status, xhr.statusText, xhr.responseText).then(resolve, reject);
      xhr.onerror = () => reject(new ApiError({ statusCode: 0, error: 'NETWORK_ERROR', message: 'The upload could not reach the server.' }));
      xhr.send(form);
    });
  }

  return {
    get: <T>(path: string, query?: Query) => request<ApiResponse<T>>('GET', path, undefined, query),
    /** `headers` for one request, e.g. `Idempotency-Key`. */
    post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<ApiResponse<T>>('POST', path, body ?? {}, undefined, headers),
    put: <T>(path: string, body?: unknown) => request<ApiResponse<T>>('PUT', path, body ?? {}),
    del: <T>(path: string, body?: unknown) => request<ApiResponse<T>>('DELETE', path, body),
    upload: <T>(path: string, files: Blob | Blob[], options?: UploadOptions) => upload<ApiResponse<T>>(path, files, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
