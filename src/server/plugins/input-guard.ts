import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import { documentAnswers } from './documented-answers.ts';

export const NUL_REFUSED = 'Text must not contain NUL characters (\\u0000).';

/** True when a parsed body holds a NUL character in any string, key or value, however deep. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL character in text or jsonb; a request carrying one (in its path, query or JSON body)
 * is refused up front with the contract's 400 instead of failing in the database. Every API operation can answer that
 * 400 (and the router's for a malformed address, plugins/errors.ts `frameworkErrors`): its document says so.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRoute', documentAnswers([400]));
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return; // pages answer with the site's own 404 page
    if (/%00/.test(request.url) || request.url.includes('\u0000')) throw badRequest(NUL_REFUSED, 'VALIDATION_ERROR');
  });
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body)) throw badRequest(NUL_REFUSED, 'VALIDATION_ERROR');
  });
}
