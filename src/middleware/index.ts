import { sequence } from 'astro:middleware';
import { authGuard } from './auth-guard.ts';
import { badInput } from './bad-input.ts';
import { context } from './context.ts';
import { session } from './session.ts';
import { siteMode } from './site-mode.ts';
import { cachePolicy } from './cache-policy.ts';

/**
 * One concern per file. The host has decided the site mode, settings and country before the render (server/site/);
 * the middleware reads those decisions. Addresses with NUL characters become the 404 page first. The session is read
 * before the site mode (under `astro dev`, an admin sees the site in maintenance); the blocked and maintenance pages
 * replace every page, so they come before the auth guard. The cache policy wraps everything after the session, so
 * that it sees the final status and site mode.
 */
export const onRequest = sequence(badInput, context, session, cachePolicy, siteMode, authGuard);
