import { ListPayload } from '../../../shared/contracts/common.ts';
import { BalanceChange, BalanceChangeQuery } from '../../../shared/contracts/ledger.ts';
import { LEDGER } from '../../../shared/operations/ledger.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export const ledgerOperations = (app: App) =>
  operations(LEDGER, {
    balanceChanges: {
      operationId: 'users_me_balance_changes',
      summary: "Every change of the member's balance, newest first: packages bought, spends, refunds, adjustments by the site, each with its reason",
      tags: ['tokens'],
      access: 'member',
      query: BalanceChangeQuery,
      response: ListPayload(BalanceChange),
      errors: [400, 401],
      run: ({ query }, { auth }) => app.services.ledger.balanceChanges(auth!.user.id, query),
    },
  });
