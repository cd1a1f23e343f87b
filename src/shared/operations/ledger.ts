import type { ListResult } from '../api-client.ts';
import type { BalanceChange, BalanceChangeQuery } from '../contracts/ledger.ts';
import { op } from './operation.ts';

/** The member's balance changes (SPEC.md: /users/me/balance-changes). */
export const LEDGER = {
  balanceChanges: op<{ query: BalanceChangeQuery }, ListResult<BalanceChange>>('GET', '/users/me/balance-changes'),
};
