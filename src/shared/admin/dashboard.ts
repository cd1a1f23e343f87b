import { Type, type Static } from 'typebox';
import { formatMoney } from '../money.ts';

const Day = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  payments: Type.Integer({ description: 'settled token-package payments' }),
  tokens: Type.Integer({ description: 'tokens those payments bought' }),
  amount: Type.Number({ description: "money in, in major units of the site's currency" }),
});

/**
 * How a figure was counted when not exactly (a big database, where counting every row on each visit would cost seconds):
 * `atLeast`: counting stopped at the figure, there are more ("1,000+"); `about`: PostgreSQL's estimate of a whole
 * table, rounded ("about 200,000").
 */
export const Precision = Type.Union([Type.Literal('atLeast'), Type.Literal('about')]);
export type Precision = Static<typeof Precision>;

/**
 * `GET /api/admin/dashboard`: the operator's figures, each the head of a list in the back office. Money is always exact
 * (the period's payments are summed); a count may be capped or estimated, and `approximate` then says which and how.
 */
export const Dashboard = Type.Object({
  members: Type.Object({ total: Type.Integer(), newThisWeek: Type.Integer() }),
  sales: Type.Object({
    /** The site's currency: the chart's money is in it. */
    currency: Type.String(),
    days: Type.Array(Day),
    totals: Type.Object({ payments: Type.Integer(), tokens: Type.Integer(), amount: Type.Number() }),
    /** Money in other currencies over the same days (packages priced apart from the site's currency). */
    otherCurrencies: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number(), payments: Type.Integer() })),
  }),
  /** What coupons took off over the same days: settled payments' money per currency, and checkouts' tokens. */
  discounts: Type.Optional(
    Type.Object({
      money: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number(), payments: Type.Integer() })),
      tokens: Type.Integer(),
      checkouts: Type.Integer(),
    }),
  ),
  unlocks: Type.Object({ thisWeek: Type.Integer(), total: Type.Integer() }),
  ordersToShip: Type.Integer({ description: 'physical orders still processing' }),
  openReports: Type.Integer(),
  media: Type.Object(
    { processing: Type.Integer({ description: 'videos in the media pipeline' }), failed: Type.Integer({ description: 'videos whose processing failed' }) },
    { description: "the job queue's media work" },
  ),
  /** The counts that are not exact, and how (absent: exact). */
  approximate: Type.Object({
    members: Type.Optional(Precision),
    newThisWeek: Type.Optional(Precision),
    unlocksThisWeek: Type.Optional(Precision),
    unlocksTotal: Type.Optional(Precision),
    ordersToShip: Type.Optional(Precision),
    openReports: Type.Optional(Precision),
    videosProcessing: Type.Optional(Precision),
    videosFailed: Type.Optional(Precision),
  }),
});
export type Dashboard = Static<typeof Dashboard>;

export const DashboardQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 7, maximum: 90, default: 14 })) });

/**
 * Where each figure leads: the list it heads. Members, payments, token transactions, orders and reports are lists of
 * the back office's other resources.
 */
export const DASHBOARD_LINKS = {
  members: '/admin/members',
  newMembers: '/admin/members?sortBy=newest',
  payments: '/admin/payments?status=success',
  unlocks: '/admin/token-transactions',
  coupons: '/admin/coupons',
  ordersToShip: '/admin/orders?deliveryStatus=processing',
  openReports: '/admin/reports?status=open',
  videosProcessing: '/admin/videos?media=processing',
  videosFailed: '/admin/videos?media=failed',
} as const;

/**
 * Money in over the dashboard's days, summed per currency: the site's currency first, then each other one payments came
 * in (a currency switched after a sale, a package priced in its own), "€5.00 + $11.99"; the site's "0.00" is left out
 * when other currencies brought money, never shown over their payments.
 */
export function moneyInText(sales: Dashboard['sales'], locale = 'en'): string {
  const others = sales.otherCurrencies.reduce((n, o) => n + o.payments, 0);
  const own = sales.totals.payments - others > 0 || sales.otherCurrencies.length === 0 ? [formatMoney(sales.totals.amount, sales.currency, locale)] : [];
  return [...own, ...sales.otherCurrencies.map((o) => formatMoney(o.amount, o.currency, locale))].join(' + ');
}

/** What coupons took off, in words: each currency's money, then the tokens ("$1.20 + 25 tokens"); "none" without any. */
export function discountsText(discounts: NonNullable<Dashboard['discounts']>, locale = 'en'): string {
  const parts = [
    ...discounts.money.map((d) => formatMoney(d.amount, d.currency, locale)),
    ...(discounts.tokens ? [`${discounts.tokens.toLocaleString(locale)} tokens`] : []),
  ];
  return parts.length ? parts.join(' + ') : 'none';
}
