import type { BalanceChange } from '../../../shared/contracts/ledger.ts';
import { ACCOUNT_ORDERS_ROUTE, itemRoute } from '../../../shared/routes.ts';
import { kindOf, type LedgerRefs, type LedgerRow } from './balance-changes.repository.ts';

const UNLOCKED = { video: 'video', gallery: 'gallery', story: 'story' } as const;

/** What a ledger entry did, in the member's words, with the page it is about. */
function describe(row: LedgerRow, refs: LedgerRefs): { description: string; href: string | null } {
  switch (kindOf(row)) {
    case 'spent': {
      const spend = row.refId ? refs.spends.get(row.refId) : undefined;
      if (!spend) return { description: 'Tokens spent', href: null };
      if (spend.type === 'product')
        return {
          description: `Store order: ${spend.products.map((p) => `${p.name}${p.quantity > 1 ? ` × ${p.quantity}` : ''}`).join(', ')}`,
          href: ACCOUNT_ORDERS_ROUTE,
        };
      const { title, slug } = spend.targetInfo as { title?: unknown; slug?: unknown };
      return { description: `Unlocked “${String(title ?? '')}”`, href: typeof slug === 'string' ? itemRoute(UNLOCKED[spend.type], slug) : null };
    }
    case 'bought':
      return { description: `Bought ${(row.refId && refs.packages.get(row.refId)) || 'tokens'}`, href: null };
    case 'refunded':
      return { description: `Payment refunded${row.reason.startsWith('refund: ') ? `: ${row.reason.slice('refund: '.length)}` : ''}`, href: null };
    case 'adjusted':
      return { description: row.reason === 'opening balance' ? 'Opening balance' : `Adjusted by the site: ${row.reason}`, href: null };
  }
}

export const toBalanceChange = (row: LedgerRow, refs: LedgerRefs): BalanceChange => ({
  _id: row.id,
  kind: kindOf(row),
  delta: row.delta,
  balanceAfter: row.balanceAfter,
  ...describe(row, refs),
  createdAt: row.createdAt.toISOString(),
});
