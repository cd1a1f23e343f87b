import { Dashboard, DashboardQuery } from '../../../shared/admin/dashboard.ts';
import { toMajor } from '../../../shared/money.ts';
import type { App } from '../../types.ts';
import { operations, type Operation } from '../../operations/define.ts';
import { ADMIN } from '../../../shared/operations/admin.ts';
import { dashboardFigures, type SalesDay } from './dashboard.repository.ts';

/**
 * `GET /api/admin/dashboard`: members, money in and tokens sold by day, unlocks, orders to ship, open reports; the
 * counts a big database cannot afford exactly are capped or estimated, and `approximate` says which.
 */
export function dashboardAdminOperations(api: App): Operation[] {
  return operations(
    { dashboard: ADMIN.dashboard },
    {
      dashboard: {
        operationId: 'admin_dashboard_get',
        tags: ['admin'],
        summary: 'The dashboard: members, money in and tokens sold by day, unlocks, orders to ship, open reports',
        access: 'admin',
        query: DashboardQuery,
        response: Dashboard,
        errors: [400, 401, 403],
        run: ({ query }) => dashboard(api, query.days ?? 14),
      },
    },
  );
}

/** What coupons took off the period's settled payments, per currency (those with any). */
function discountsByCurrency(sales: SalesDay[]) {
  const by = new Map<string, { minor: number; payments: number }>();
  for (const s of sales.filter((s) => s.discounted > 0)) {
    const o = by.get(s.currency) ?? { minor: 0, payments: 0 };
    by.set(s.currency, { minor: o.minor + s.discountMinor, payments: o.payments + s.discounted });
  }
  return [...by].map(([currency, o]) => ({ currency, amount: toMajor(o.minor, currency), payments: o.payments }));
}

/** The dashboard's figures for the last `days` days. */
async function dashboard(api: App, days: number): Promise<Dashboard> {
  const currency = String((await api.services.settings.get('currency')) ?? 'USD');
  const figures = await dashboardFigures(api.database.db, new Date(), days);
  // Every day of the range, sales or not, so that the chart has no gaps.
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(figures.firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const sold = figures.sales.filter((s) => s.date === date);
    const own = sold.find((s) => s.currency === currency);
    return {
      date,
      payments: sold.reduce((n, s) => n + s.payments, 0),
      tokens: sold.reduce((n, s) => n + s.tokens, 0),
      amount: own ? toMajor(own.amountMinor, currency) : 0,
    };
  });
  const others = new Map<string, { amountMinor: number; payments: number }>();
  for (const s of figures.sales.filter((s) => s.currency !== currency)) {
    const o = others.get(s.currency) ?? { amountMinor: 0, payments: 0 };
    others.set(s.currency, { amountMinor: o.amountMinor + s.amountMinor, payments: o.payments + s.payments });
  }
  const sum = (key: 'payments' | 'tokens' | 'amount') => series.reduce((n, d) => n + d[key], 0);
  const { members, newMembers, unlocksWeek, unlocksAll, toShip, openReports, processing, failed } = figures.counts;
  const approximate = Object.fromEntries(
    Object.entries({
      members,
      newThisWeek: newMembers,
      unlocksThisWeek: unlocksWeek,
      unlocksTotal: unlocksAll,
      ordersToShip: toShip,
      openReports,
      videosProcessing: processing,
      videosFailed: failed,
    }).flatMap(([name, figure]) => (figure.precision ? [[name, figure.precision]] : [])),
  );
  return {
    members: { total: members.n, newThisWeek: newMembers.n },
    sales: {
      currency,
      days: series,
      totals: {
        payments: sum('payments'),
        tokens: sum('tokens'),
        amount: toMajor(
          figures.sales.filter((s) => s.currency === currency).reduce((n, s) => n + s.amountMinor, 0),
          currency,
        ),
      },
      otherCurrencies: [...others].map(([c, o]) => ({ currency: c, amount: toMajor(o.amountMinor, c), payments: o.payments })),
    },
    discounts: {
      money: discountsByCurrency(figures.sales),
      tokens: figures.tokenDiscounts.tokens,
      checkouts: figures.tokenDiscounts.checkouts,
    },
    unlocks: { thisWeek: unlocksWeek.n, total: unlocksAll.n },
    ordersToShip: toShip.n,
    openReports: openReports.n,
    media: { processing: processing.n, failed: failed.n },
    approximate,
  };
}
