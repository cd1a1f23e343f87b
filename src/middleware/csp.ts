import { defineMiddleware } from 'astro:middleware';
import { PUBLIC_API_BASE, SOCKET_ENDPOINT } from 'astro:env/client';
import { siteSources, withSources } from '../shared/csp.ts';

/**
 * Adds what this deployment and its settings need to the page's Content-Security-Policy (src/shared/csp.ts): the
 * live connection's ws origin, analytics, captcha, image origins. Astro computes the header during the render, before
 * the layout runs, so the sources are added to the response it returns (the same for every visitor of a page).
 */
export const csp = defineMiddleware(async (ctx, next) => {
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (policy) {
    const deployment = { origin: ctx.locals.origin, apiBase: PUBLIC_API_BASE, socketEndpoint: SOCKET_ENDPOINT };
    response.headers.set('content-security-policy', withSources(policy, siteSources(ctx.locals.settings, deployment)));
  }
  return response;
});
