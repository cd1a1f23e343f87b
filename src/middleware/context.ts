import { defineMiddleware } from 'astro:middleware';
import { PUBLIC_API_BASE } from 'astro:env/client';
import { createApiClient } from '../shared/api-client.ts';
import { apiCalls } from '../shared/calls.ts';
import { adminCalls } from '../shared/admin/calls.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../shared/default-settings.ts';

/** Builds this request's server-side API client (token cookie → Authorization, visitor address forwarded). */
export const context = defineMiddleware((ctx, next) => {
  const token = ctx.cookies.get('token')?.value || null;
  const clientIp = ctx.locals.clientIp ?? ctx.clientAddress;
  const baseUrl = new URL(PUBLIC_API_BASE, ctx.url).href;
  // The host always sets the origin; only `astro dev` (no host) falls back to the dev server's own address.
  ctx.locals.origin ??= ctx.url.origin;
  ctx.locals.token = token;
  ctx.locals.user = null;
  ctx.locals.country = null;
  ctx.locals.siteMode = 'normal';
  ctx.locals.settings = DEFAULT_PUBLIC_SETTINGS;
  const client = createApiClient({
    baseUrl,
    // Read at each call: a page shared by visitors and members sets the token aside (session.ts).
    getToken: () => ctx.locals.token,
    fetch: ctx.locals.apiFetch,
    headers: ctx.locals.apiFetch ? {} : { 'x-forwarded-for': clientIp },
  });
  ctx.locals.api = apiCalls(client);
  ctx.locals.admin = adminCalls(client);
  return next();
});
