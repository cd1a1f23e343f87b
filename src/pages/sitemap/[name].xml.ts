import type { APIRoute } from 'astro';
import { sitemapFile } from '../../components/catalogue/feeds.ts';

export const GET: APIRoute = async ({ locals, params }) => {
  const xml = await sitemapFile(locals.api, locals.origin, params.name ?? '');
  return xml ? new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } }) : new Response('Not found', { status: 404 });
};
