import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** The answer to a visitor from a blocked country asking for content. */
export const countryBlockedError = () => new AppError(451, 'COUNTRY_BLOCKED', 'This site is not available in your country.');

/**
 * onRequest hook for the content itself (catalogue, search, media, downloads): a visitor from a blocked country gets a
 * 451 here too, not only the blocked page. Calls the blocked page needs (settings, the country check) stay open.
 */
export function countryGate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    if (await app.services.countryBlock.blocks({ ip: request.ip, headers: request.headers })) throw countryBlockedError();
  };
}
