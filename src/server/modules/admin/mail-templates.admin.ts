import { Type } from 'typebox';
import { ListPayload } from '../../../shared/contracts/common.ts';
import { MailPreview, MailTemplate, MailTemplateSave, MailTemplateSummary, MailWordingBody } from '../../../shared/contracts/mail-templates.ts';
import { MAIL_TEMPLATES } from '../../../shared/operations/admin.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { operations, type Operation } from '../../operations/define.ts';
import type { App } from '../../types.ts';

const KeyParams = Type.Object({ key: Type.String({ maxLength: 60 }) });
const ERRORS = [400, 401, 403, 404] as const;
const common = { tags: ['admin'], access: 'admin' as const, errors: ERRORS };

/** Back office → Mails: the wording of every mail the site sends (modules/mail/mail-templates.service.ts). */
export function mailTemplatesAdminOperations(app: App): Operation[] {
  const { mailTemplates, mailer } = app.services;
  return operations(MAIL_TEMPLATES, {
    list: {
      ...common,
      operationId: 'admin_mail_templates_list',
      summary: 'Every mail the site sends: whether it is switched on and whether its wording was changed',
      response: ListPayload(MailTemplateSummary),
      run: async () => {
        const data = await mailTemplates.list();
        return { data, total: data.length };
      },
    },
    get: {
      ...common,
      operationId: 'admin_mail_templates_get',
      summary: 'One mail: its wording, the default wording and the placeholders it knows',
      params: KeyParams,
      response: MailTemplate,
      run: ({ params }) => mailTemplates.get(params.key),
    },
    save: {
      ...common,
      operationId: 'admin_mail_templates_save',
      summary: 'Change the wording of a mail (a placeholder it does not know is a field error), or switch an optional mail off',
      params: KeyParams,
      body: MailTemplateSave,
      response: MailTemplate,
      run: ({ params, body }, { auth }) => mailTemplates.save(params.key, body, auth!.user),
    },
    reset: {
      ...common,
      operationId: 'admin_mail_templates_reset',
      summary: 'Give a mail back its default wording, switched on',
      params: KeyParams,
      response: MailTemplate,
      run: ({ params }, { auth }) => mailTemplates.reset(params.key, auth!.user),
    },
    preview: {
      ...common,
      operationId: 'admin_mail_templates_preview',
      summary: 'The mail a wording writes, with sample values (nothing is kept)',
      params: KeyParams,
      body: MailWordingBody,
      response: MailPreview,
      run: ({ params, body }) => mailTemplates.preview(params.key, body, publicOrigin(app)),
    },
    test: {
      ...common,
      operationId: 'admin_mail_templates_test',
      summary: 'Mail the admin this wording with sample values',
      params: KeyParams,
      body: MailWordingBody,
      response: Type.Object({ message: Type.String() }),
      run: async ({ params, body }, { auth }) => mailTemplates.test(params.key, body, auth!.user.email || (await mailer.operatorAddress()), publicOrigin(app)),
    },
  });
}
