import type { APIRoute } from 'astro';
import { rssFeed } from '../../components/catalogue/feeds.ts';

export const GET: APIRoute = async ({ locals }) =>
  new Response(await rssFeed(locals.api, locals.origin, 'story', locals.settings.siteName), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
  });
