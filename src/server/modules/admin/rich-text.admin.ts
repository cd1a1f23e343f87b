import { Type } from 'typebox';
import { RICH_TEXT } from '../../../shared/operations/admin.ts';
import { sanitizeContent } from '../../lib/text/html.ts';
import { operations, type Operation } from '../../operations/define.ts';

/** The longest rich text a form holds (posts' and stories' `content`). */
const MAX_TEXT = 100_000;

/** A form's unsaved rich text as the site would keep it: what the preview page (`/admin/<resource>/<id>/preview`) shows. */
export function richTextAdminOperations(): Operation[] {
  return operations(RICH_TEXT, {
    preview: {
      tags: ['admin'],
      access: 'admin',
      errors: [400, 401, 403],
      operationId: 'admin_rich_text_preview',
      summary: 'A rich text as the site would keep it (sanitised; nothing is kept)',
      body: Type.Object({ content: Type.String({ maxLength: MAX_TEXT }) }, { additionalProperties: false }),
      response: Type.Object({ content: Type.String() }),
      run: ({ body }) => ({ content: sanitizeContent(body.content) }),
    },
  });
}
