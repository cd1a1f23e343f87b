import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';
import { ListQuery } from './common.ts';
import { DateFilter } from './tokens.ts';

/**
 * What moved a member's balance: a package bought, tokens spent (an unlock, a store order), a payment refunded (its
 * tokens taken back), or an adjustment by the site (an operator's grant or correction, the opening balance).
 */
export const BALANCE_CHANGE_KINDS = ['bought', 'spent', 'refunded', 'adjusted'] as const;
export type BalanceChangeKind = (typeof BALANCE_CHANGE_KINDS)[number];

/** One entry of the member's token ledger, in words. */
export const BalanceChange = Type.Object({
  _id: Type.String(),
  kind: Literals(BALANCE_CHANGE_KINDS),
  /** Tokens in (positive) or out (negative). */
  delta: Type.Integer(),
  balanceAfter: Type.Integer(),
  /** What happened, for the member: "Unlocked “Glass Blowing Masterclass”", "Bought Starter pack", "From the site: …". */
  description: Type.String(),
  /** The page of what it is about (an item, an order), when there is one. */
  href: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type BalanceChange = Static<typeof BalanceChange>;

export const BalanceChangeQuery = Type.Intersect([
  ListQuery,
  Type.Object({ kind: Type.Optional(Literals(BALANCE_CHANGE_KINDS)), fromDate: Type.Optional(DateFilter), toDate: Type.Optional(DateFilter) }),
]);
export type BalanceChangeQuery = ListQuery & { kind?: BalanceChangeKind; fromDate?: string; toDate?: string };
