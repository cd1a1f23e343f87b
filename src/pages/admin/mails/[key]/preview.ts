import type { APIRoute } from 'astro';
import type { PageMeta } from '../../../../middleware/page-meta.ts';
import { ApiError } from '../../../../shared/contracts/errors.ts';

export const meta: PageMeta = { requiresAdmin: true, cache: false };

/** The frame's own policy: no script at all, sandboxed, inline styles (a mail's HTML is made of them), framed only by the site. */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; sandbox; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
};
const FIX_FIRST =
  '<!doctype html><html lang="en"><title>No preview</title><p style="font:16px system-ui;color:#52525b">Fix the fields to see the mail.</p></html>';

/**
 * The mail editor's preview frame: a draft's wording (a form posted into the frame) as the member's mail would look,
 * with sample values. The site's pages refuse inline styles, so the mail is a document of its own beside the form;
 * what is wrong with a draft is said at its fields by the editor (the JSON preview), here only that there is nothing to show.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  try {
    const body = { subject: text('subject'), body: text('body'), actionLabel: text('actionLabel'), smallPrint: text('smallPrint') };
    return new Response((await locals.admin.previewMail(params.key!, body)).data.html, { headers: HEADERS });
  } catch (err) {
    if (!(err instanceof ApiError) || err.failure.kind === 'network') throw err;
    return new Response(FIX_FIRST, { status: err.failure.status === 400 ? 200 : err.failure.status, headers: HEADERS });
  }
};
