import { Envelope, ErrorBody, ListPayload } from '../../../shared/contracts/common.ts';
import { BalanceChange, BalanceChangeQuery } from '../../../shared/contracts/ledger.ts';
import { ok, type App } from '../../types.ts';

export async function ledgerRoutes(app: App) {
  app.get(
    '/users/me/balance-changes',
    {
      schema: {
        operationId: 'users_me_balance_changes',
        tags: ['tokens'],
        summary: "Every change of the member's balance, newest first: packages bought, spends, refunds, adjustments by the site, each with its reason",
        querystring: BalanceChangeQuery,
        response: { 200: Envelope(ListPayload(BalanceChange)), 400: ErrorBody, 401: ErrorBody },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok(await app.services.ledger.balanceChanges(request.auth!.user.id, request.query)),
  );
}
