import type { APIRoute } from 'astro';

/**
 * Crawlers may index the catalogue, not the account area, the API or the media links (signed, expiring). Share pictures
 * (`/share/…`, the og:image of every item) stay open to them.
 */
export const GET: APIRoute = ({ locals }) =>
  new Response(
    ['User-agent: *', 'Disallow: /account', 'Disallow: /api/', 'Disallow: /media/', 'Disallow: /search', '', `Sitemap: ${locals.origin}/sitemap.xml`, ''].join(
      '\n',
    ),
    {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
  );
