import { describe, expect, it } from 'vitest';
import { bestValues } from '../../src/islands/wallet/PackagePicker.tsx';
import type { TokenPackage } from '../../src/shared/contracts/tokens.ts';

const pkg = (_id: string, tokens: number, price: number, currency = 'USD'): TokenPackage => ({
  _id,
  name: _id,
  description: '',
  tokens,
  price,
  currency,
  ordering: 0,
  isActive: true,
});

describe('"Best value" on the token packages', () => {
  it('goes to the most tokens for the price', () => {
    expect([...bestValues([pkg('a', 100, 4.99), pkg('b', 500, 19.99), pkg('c', 2000, 59.99)])]).toEqual(['c']);
  });

  it('compares prices only within one currency, and not at all for a lone package', () => {
    // 1,000 tokens for 10 yen is not a better deal than 1,000 for 9 dollars: the currencies are apart.
    const best = bestValues([pkg('usd-small', 100, 2), pkg('usd-big', 1000, 9), pkg('jpy', 1000, 10, 'JPY')]);
    expect([...best]).toEqual(['usd-big']);
    expect(bestValues([pkg('only', 100, 4.99)]).size).toBe(0);
  });
});
