import type { APIRoute } from 'astro';
import type { PageMeta } from '../../../middleware/page-meta.ts';
import { adminResource } from '../../../shared/admin/resources/index.ts';
import { ApiError, messageOf } from '../../../shared/contracts/errors.ts';

export const meta: PageMeta = { requiresAdmin: true, cache: false };

/**
 * A list's CSV export as a plain link of the back office (`/admin/<resource>/export.csv?<the list's query>`): the API
 * takes its token from the `Authorization` header only, so this page asks it with the session cookie's token, as
 * every back-office page does, and hands the file on.
 */
export const GET: APIRoute = async ({ params, url, locals, rewrite }) => {
  const resource = adminResource(params.resource!);
  if (!resource?.exportCsv) return rewrite('/404');
  const keys = new Set(['q', 'sortBy', 'sort', ...(resource.filters ?? []).map((f) => f.key)]);
  const query = Object.fromEntries([...url.searchParams].filter(([k, v]) => keys.has(k) && v !== ''));
  try {
    const file = await locals.admin.exportCsv(resource.name, query);
    return new Response(file.body, {
      headers: {
        'content-type': file.type,
        'content-disposition': file.disposition ?? `attachment; filename="${resource.name}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const status = err.failure.kind === 'network' ? 502 : err.failure.status;
    return new Response(`${messageOf(err.failure)}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
};
