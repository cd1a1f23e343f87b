import { sequence } from 'astro:middleware';
import { authGuard } from './auth-guard.ts';
import { context } from './context.ts';
import { session } from './session.ts';
import { siteMode } from './site-mode.ts';
import { cachePolicy } from './cache-policy.ts';

/**
 * One concern per file. The session is read before the site mode so that an admin can see the site during
 * maintenance; the blocked and maintenance pages replace every page, so they come before the auth guard. The cache
 * policy wraps everything after the session, so that it sees the final status and site mode.
 */
export const onRequest = sequence(context, session, cachePolicy, siteMode, authGuard);
