import { CountryCheck } from '../../../shared/contracts/settings.ts';
import { Envelope } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';

export async function countryBlockRoutes(app: App) {
  app.get(
    '/country-block/check',
    {
      schema: {
        operationId: 'country_block_check',
        tags: ['site'],
        summary: "Whether the caller's country is blocked",
        response: { 200: Envelope(CountryCheck) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await app.services.countryBlock.check({ ip: request.ip, headers: request.headers }));
    },
  );
}
