import type { APIRoute } from 'astro';
import type { PageMeta } from '../../../middleware/page-meta.ts';
import { ApiError, messageOf } from '../../../shared/contracts/errors.ts';

// A member's own file: only for its owner's session (a visitor is sent to log in first), never cached.
export const meta: PageMeta = { requiresAuth: true, cache: false };

/**
 * The link mailed when a member's data export is ready (`/account/data/<id>?key=…`): the API takes its token from the
 * `Authorization` header only, so this page asks it with the session cookie's token and hands the zip on as it
 * streams. The API answers for the owner's session with the link's key only; anything else is its refusal, in words.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  try {
    const file = await locals.api.downloadDataExport(params.id!, url.searchParams.get('key') ?? '');
    return new Response(file.body, {
      headers: {
        'content-type': file.type,
        'content-disposition': file.disposition ?? 'attachment; filename="my-data.zip"',
        'cache-control': 'private, no-store',
      },
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const status = err.failure.kind === 'network' ? 502 : err.failure.status;
    return new Response(`${messageOf(err.failure)}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
};
