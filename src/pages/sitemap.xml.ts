import type { APIRoute } from 'astro';
import { sitemapIndex } from '../components/catalogue/feeds.ts';

export const GET: APIRoute = async ({ locals }) =>
  new Response(await sitemapIndex(locals.api, locals.origin), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
