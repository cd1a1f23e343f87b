import { CountryCheck } from '../../../shared/contracts/settings.ts';
import { COUNTRY_BLOCK } from '../../../shared/operations/country-block.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export const countryBlockOperations = (app: App) =>
  operations(COUNTRY_BLOCK, {
    check: {
      operationId: 'country_block_check',
      summary: "Whether the caller's country is blocked",
      tags: ['site'],
      access: 'anyone',
      response: CountryCheck,
      errors: [],
      run: (_, ctx) => {
        ctx.answerHeaders['cache-control'] = 'private, no-store';
        return app.services.countryBlock.check({ ip: ctx.ip, headers: ctx.headers });
      },
    },
  });
