import { describe, expect, it } from 'vitest';
import { moneyInText } from '../../src/shared/admin/dashboard.ts';

const sales = (currency: string, amount: number, payments: number, otherCurrencies: { currency: string; amount: number; payments: number }[] = []) => ({
  currency,
  days: [],
  totals: { payments: payments + otherCurrencies.reduce((n, o) => n + o.payments, 0), tokens: 0, amount },
  otherCurrencies,
});

/** The dashboard's "money in" figure sums money per currency (issue 35, part 8). */
describe('money in, per currency', () => {
  it('after the site switched to EUR over a $11.99 payment, it reads the dollars, not "€0.00"', () => {
    expect(moneyInText(sales('EUR', 0, 0, [{ currency: 'USD', amount: 11.99, payments: 1 }]))).toBe('$11.99');
  });
  it("the site's currency first, then the others", () => {
    expect(moneyInText(sales('EUR', 5, 1, [{ currency: 'USD', amount: 11.99, payments: 1 }]))).toBe('€5.00 + $11.99');
  });
  it('no payments at all: the site currency at zero', () => {
    expect(moneyInText(sales('USD', 0, 0))).toBe('$0.00');
  });
});
