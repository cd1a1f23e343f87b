/**
 * A list's total as people read it: "1,025", or "1,000+" where the server stopped counting (`totalCapped`: there are
 * at least that many; shared/contracts/common.ts COUNT_AHEAD).
 */
export const totalText = (list: { total: number; totalCapped?: boolean }): string => `${list.total.toLocaleString('en-US')}${list.totalCapped ? '+' : ''}`;

/** "1 item", "12 items", "1,000+ items". */
export const countText = (list: { total: number; totalCapped?: boolean }, one: string, many: string): string =>
  `${totalText(list)} ${list.total === 1 && !list.totalCapped ? one : many}`;
