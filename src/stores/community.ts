import { api } from '../client/api.ts';
import { ApiError, type UploadOptions } from '../shared/api-client.ts';
import type { Comment } from '../shared/contracts/comments.ts';
import type { ContactBody, ReportBody } from '../shared/contracts/community.ts';
import type { EventBody } from '../shared/contracts/events.ts';
import { GENERIC_ERROR } from '../shared/messages.ts';

/** What a failed call says: the server's message, or the generic one when it said nothing useful. */
export const messageOf = (err: unknown): string => (err instanceof Error && err.message && !/^Request failed/.test(err.message) ? err.message : GENERIC_ERROR);

/** A call's outcome for a form: the data, or the error's message and status. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string; status: number };
export async function attempt<T>(call: () => Promise<{ data: T }>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: (await call()).data };
  } catch (err) {
    return { ok: false, message: messageOf(err), status: err instanceof ApiError ? err.statusCode : 0 };
  }
}

let typesOnce: Promise<{ key: string; text: string }[]> | null = null;
/** The report reasons, fetched once per page. */
export function reportTypes(): Promise<{ key: string; text: string }[]> {
  typesOnce ??= api.reportTypes().then(
    (r) => r.data,
    () => ((typesOnce = null), []),
  );
  return typesOnce;
}

export const sendReport = (body: ReportBody) => attempt(() => api.report(body));

/** New text and an optional image for one's own comment, with upload progress. */
export const editComment = (id: string, content: string, image: Blob | null, options?: UploadOptions): Promise<Outcome<Comment>> =>
  attempt(() => api.editComment(id, content, image, options));

export const sendContact = (body: ContactBody) => attempt(() => api.contact(body));

export const saveEvent = (body: EventBody, id?: string) => attempt(() => (id ? api.updateEvent(id, body) : api.createEvent(body)));
export const removeEvent = (id: string) => attempt(() => api.deleteEvent(id));
