import { sequence } from 'astro:middleware';
import { authGuard } from './auth-guard.ts';
import { badInput } from './bad-input.ts';
import { context } from './context.ts';
import { session } from './session.ts';
import { siteMode } from './site-mode.ts';
import { cachePolicy } from './cache-policy.ts';
import { csp } from './csp.ts';

/**
 * One concern per file. Addresses with NUL characters become the 404 page first. The session is read before the site mode so that an admin can see the site during
 * maintenance; the blocked and maintenance pages replace every page, so they come before the auth guard. The cache
 * policy wraps everything after the session, so that it sees the final status and site mode.
 */
export const onRequest = sequence(badInput, context, session, cachePolicy, siteMode, csp, authGuard);
