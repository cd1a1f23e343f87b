import { admin } from '../client/admin-api.ts';
import type { MailTemplateSave, MailWordingBody } from '../shared/contracts/mail-templates.ts';
import { payload, requestStore } from './request.ts';

/** The mail editor's calls (back office → Mails): one request each at a time; the preview keeps the last one asked. */
export const $mailSave = requestStore((key: string, body: MailTemplateSave) => payload(admin.saveMail(key, body)));
export const $mailReset = requestStore((key: string) => payload(admin.resetMail(key)));
export const $mailPreview = requestStore((key: string, body: MailWordingBody) => payload(admin.previewMail(key, body)));
export const $mailTest = requestStore((key: string, body: MailWordingBody) => payload(admin.testMail(key, body)));
