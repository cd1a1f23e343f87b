/** One domain of the API calls (shared/calls.ts). Comments, reports, the contact form, the captcha, events. */
import type { ApiClient } from '../api-client.ts';
import type { Comment, CommentBody, CommentSearchQuery } from '../contracts/comments.ts';
import type { ContactBody, ReportBody } from '../contracts/community.ts';
import type { EventBody, EventSearchQuery } from '../contracts/events.ts';
import type { UploadOptions } from '../api-client.ts';
import { EVENTS } from '../operations/events.ts';
import { COMMENTS, COMMENTS_RAW } from '../operations/comments.ts';
import { REPORTS } from '../operations/reports.ts';
import { pathOf } from '../operations/operation.ts';
import { CONTACT } from '../operations/contact.ts';
import { CAPTCHA } from '../operations/captcha.ts';

export const comments = (api: ApiClient, query: CommentSearchQuery) => api.call(COMMENTS.search, { query });
export const comment = (api: ApiClient, body: CommentBody) => api.call(COMMENTS.create, { body });
export const deleteComment = (api: ApiClient, id: string) => api.call(COMMENTS.remove, { params: { id } });
export const editComment = (api: ApiClient, id: string, content: string, image: Blob | null, options?: UploadOptions) =>
  api.upload<Comment>(pathOf(COMMENTS_RAW.edit, { id }), image ? [image] : [], { ...options, method: 'PUT', fields: { content } });
export const reportTypes = (api: ApiClient) => api.call(REPORTS.types, {});
export const report = (api: ApiClient, body: ReportBody) => api.call(REPORTS.create, { body });
export const contact = (api: ApiClient, body: ContactBody) => api.call(CONTACT.send, { body });
export const verifyCaptcha = (api: ApiClient, token: string) => api.call(CAPTCHA.verify, { body: { token } });
export const events = (api: ApiClient, query: EventSearchQuery = {}) => api.call(EVENTS.search, { query });
export const event = (api: ApiClient, id: string) => api.call(EVENTS.get, { params: { id } });
export const createEvent = (api: ApiClient, body: EventBody) => api.call(EVENTS.create, { body });
export const updateEvent = (api: ApiClient, id: string, body: EventBody) => api.call(EVENTS.update, { params: { id }, body });
export const deleteEvent = (api: ApiClient, id: string) => api.call(EVENTS.remove, { params: { id } });
