import { sequence } from 'astro:middleware';
import { authGuard } from './auth-guard.ts';
import { context } from './context.ts';
import { session } from './session.ts';
import { siteMode } from './site-mode.ts';

/**
 * One concern per file. The session is read before the site mode so that an admin can see the site during
 * maintenance; the blocked and maintenance pages replace every page, so they come before the auth guard.
 */
export const onRequest = sequence(context, session, siteMode, authGuard);
