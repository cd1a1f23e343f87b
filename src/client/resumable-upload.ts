import { DetailedError, Upload, defaultOptions, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { PUBLIC_API_BASE } from 'astro:env/client';
import { failureOf } from '../shared/api-client.ts';
import { networkFailure, type ApiFailure } from '../shared/contracts/errors.ts';
import { sessionEnded, sessionCookie } from './api.ts';
import { ADMIN_RAW } from '../shared/operations/admin.ts';

/** What a resumable upload is for: the server checks the first bytes against it (415 when they are not). */
export type ResumablePurpose = 'video' | 'image';

/** 8 MiB pieces: progress moves often, and a dropped connection loses at most one piece. */
export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;
/** A dropped request is sent again after these pauses (ms); the count starts again once a piece gets through. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

export interface ResumableHandlers {
  /** Bytes sent (some may still be on their way), of the file's size. */
  onProgress: (sent: number, total: number) => void;
  /** Bytes the server has confirmed (after each piece). */
  onAccepted: (offset: number, total: number) => void;
  /** The file was sent before (this browser, maybe before a reload): the server already holds `offset` bytes of it. */
  onResumed: (offset: number, total: number) => void;
  /** A request failed and is being sent again by itself (`offline`: the browser says it has no network; it waits). */
  onRetrying: (offline: boolean) => void;
  /** Every byte is on the server: the upload's id (what a form's field sends). */
  onSuccess: (id: string) => void;
  /** It stopped for good: the server refused it (413 too large, 415 not a video or picture …) or retries ran out. */
  onError: (failure: ApiFailure) => void;
}

export interface ResumableOptions extends ResumableHandlers {
  purpose: ResumablePurpose;
  /** Bytes per PATCH; smaller in tests to see several pieces. */
  chunkSize?: number;
}

/** One running upload: pause (the server keeps what it has), resume (it asks the server where it stopped), cancel. */
export interface ResumableUpload {
  pause: () => void;
  resume: () => void;
  /** Stops it and asks the server to forget it. */
  cancel: () => Promise<void>;
}

/** The tus endpoint: `POST /api/admin/uploads` (the back office's upload address), then HEAD/PATCH/DELETE on the Location it answers with. */
const endpoint = () => new URL(`${PUBLIC_API_BASE.replace(/\/$/, '')}${ADMIN_RAW.upload.path}`, location.href).href;

/** The upload's id: the last segment of its URL. */
const idOf = (url: string) => decodeURIComponent(new URL(url, location.href).pathname.split('/').pop() ?? '');

/** A tus error as the client's one error union (the contract's JSON body when the server answered). */
function failureOfTus(err: Error): ApiFailure {
  const res = err instanceof DetailedError ? err.originalResponse : null;
  if (!res || !res.getStatus()) return networkFailure('The upload could not reach the server.');
  return failureOf(res.getStatus(), '', res.getBody() ?? '', res.getHeader('Retry-After') ?? null);
}

/**
 * Starts sending a file with tus (the one place that uses tus-js-client). The same file chosen again in this browser
 * (after a pause that outlived the page, or a reload) continues where the server stopped instead of starting over.
 * Dropped requests are retried by themselves; when the browser goes offline it waits for the network to come back.
 */
export function startResumableUpload(file: File, options: ResumableOptions): ResumableUpload {
  let stopped = false;
  let waitingForNetwork = false;
  const online = () => {
    window.removeEventListener('online', online);
    waitingForNetwork = false;
    if (!stopped) upload.start();
  };
  const upload: Upload = new Upload(file, {
    endpoint: endpoint(),
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', purpose: options.purpose },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // The member's token, read for every request (a long upload may outlive a login).
    onBeforeRequest: (req: HttpRequest) => {
      const token = sessionCookie.get();
      if (token) req.setHeader('Authorization', token);
    },
    onAfterResponse: (req: HttpRequest, res: HttpResponse) => {
      // Asking where a known upload stands: how much the server already holds.
      if (req.getMethod() !== 'HEAD' || res.getStatus() < 200 || res.getStatus() >= 300) return;
      const offset = Number(res.getHeader('Upload-Offset'));
      const total = Number(res.getHeader('Upload-Length'));
      if (Number.isFinite(offset) && Number.isFinite(total)) options.onResumed(offset, total);
    },
    onShouldRetry: (err: DetailedError) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      const retry = status === 0 || status >= 500 || status === 409 || status === 423;
      if (retry && navigator.onLine) options.onRetrying(false);
      return retry && navigator.onLine;
    },
    onProgress: (sent: number, total: number) => options.onProgress(sent, total),
    onChunkComplete: (_chunk: number, accepted: number, total: number) => options.onAccepted(accepted, total),
    onSuccess: () => {
      window.removeEventListener('online', online);
      options.onSuccess(idOf(upload.url!));
    },
    onError: (err: Error) => {
      const failure = failureOfTus(err);
      if (failure.kind === 'network' && !navigator.onLine) {
        // No network at all: wait for it rather than spending the retries.
        waitingForNetwork = true;
        window.addEventListener('online', online);
        return options.onRetrying(true);
      }
      // The session is over: the one 401 handler (→ /login); the upload stays resumable after the next login.
      if (failure.kind === 'unauthorized') return sessionEnded();
      // Refused for good: the same file chosen again starts afresh.
      if (failure.kind !== 'network') void forget(upload);
      options.onError(failure);
    },
  });

  void (async () => {
    const previous = await upload.findPreviousUploads().catch(() => []);
    const latest = previous.filter((p) => p.uploadUrl).sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
    if (latest) upload.resumeFromPreviousUpload(latest);
    if (!stopped) upload.start();
  })();

  return {
    pause: () => {
      stopped = true;
      window.removeEventListener('online', online);
      void upload.abort();
    },
    resume: () => {
      stopped = false;
      if (waitingForNetwork && !navigator.onLine) return window.addEventListener('online', online);
      upload.start();
    },
    cancel: async () => {
      stopped = true;
      window.removeEventListener('online', online);
      await upload.abort(Boolean(upload.url)).catch(() => undefined);
      await forget(upload);
    },
  };
}

/** Drops what this browser remembers of the file's uploads (so choosing it again starts a new one). */
async function forget(upload: Upload): Promise<void> {
  const storage = defaultOptions.urlStorage;
  for (const p of await upload.findPreviousUploads().catch(() => [])) await storage.removeUpload(p.urlStorageKey).catch(() => undefined);
}
