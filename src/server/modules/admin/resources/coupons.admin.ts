import { eq } from 'drizzle-orm';
import { uniqueViolation, type Db } from '../../../db/client.ts';
import { products, type coupons } from '../../../db/schema.ts';
import { AppError, invalid, notFound } from '../../../errors.ts';
import { iso } from '../../../lib/text/dates.ts';
import { formatMoney, minorDigits, toMajor, toMinor } from '../../../../shared/money.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import { isUuid } from '../../catalogue/query.ts';
import { findPackage } from '../../payments/payments.repository.ts';
import { findCoupon, insertCoupon, normalCode, searchCoupons, updateCoupon, type CouponRow } from '../../coupons/coupons.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';

interface CouponBody {
  code: string;
  appliesTo: 'packages' | 'tokens';
  kind: 'percent' | 'fixed';
  amount: number;
  currency?: string;
  itemKind?: 'any' | 'digital' | 'physical';
  itemId?: string;
  minimum?: number;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  maxUsesPerMember?: number | null;
  active?: boolean;
}

/** An amount as the form writes it: money in major units of the currency (packages), else as stored (tokens, percent). */
const formAmount = (row: Pick<CouponRow, 'appliesTo' | 'currency'>, n: number) => (row.appliesTo === 'packages' && row.currency ? toMajor(n, row.currency) : n);

const discountText = (row: CouponRow) =>
  row.kind === 'percent'
    ? `${row.amount} % off`
    : row.appliesTo === 'packages' && row.currency
      ? `${formatMoney(toMajor(row.amount, row.currency), row.currency, 'en')} off`
      : `${row.amount} tokens off`;

/** A coupon as the back office shows and edits it: the form's values, and the list's words for its discount and uses. */
const toItem = (row: CouponRow): AdminItem => ({
  _id: row.id,
  code: row.code,
  appliesTo: row.appliesTo,
  kind: row.kind,
  amount: row.kind === 'fixed' ? formAmount(row, row.amount) : row.amount,
  currency: row.currency ?? '',
  itemKind: row.itemKind ?? 'any',
  itemId: row.itemId ?? '',
  minimum: row.minimum ? formAmount(row, row.minimum) : '',
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  maxUses: row.maxUses,
  maxUsesPerMember: row.maxUsesPerMember,
  active: row.active,
  uses: row.uses,
  usesText: `${row.uses.toLocaleString('en')} / ${row.maxUses === null ? 'no limit' : row.maxUses.toLocaleString('en')}`,
  discountText: discountText(row),
  createdAt: row.createdAt.toISOString(),
});

/** A currency the platform knows (ICU), upper-case, or null. */
function currencyOf(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return Intl.supportedValuesOf('currency').includes(upper) ? upper : null;
}

/**
 * Coupons (modules/coupons): their codes and rules. Uses only move with purchases; an operator changes the rules,
 * deactivates a code (bulk too), never deletes one: its payments and spends keep it.
 */
export function couponsAdmin(db: Db): AdminAdapter<CouponBody> {
  const find = async (id: string): Promise<CouponRow> => {
    const row = isUuid(id) ? await findCoupon(db, id) : null;
    if (!row) throw notFound('No such coupon.');
    return row;
  };

  /**
   * The stored values of a coupon after a body (a whole one, or a change over the coupon before it), or a 400 naming
   * each bad field. Checked as a whole: a change of one field is checked with the others as they will be.
   */
  const valuesOf = async (patch: Partial<CouponBody>, before: CouponRow | null): Promise<typeof coupons.$inferInsert> => {
    const was = before ? (toItem(before) as unknown as CouponBody) : null;
    const b = { ...was, ...patch } as CouponBody;
    const problems: Record<string, string> = {};
    const packages = b.appliesTo === 'packages';
    const currency = packages && b.currency?.trim() ? currencyOf(b.currency) : null;
    const minimum = b.minimum === undefined || (b.minimum as unknown) === '' ? 0 : Number(b.minimum);
    if (!packages && b.currency?.trim()) problems.currency = 'Currency: store checkouts are paid in tokens; leave it empty.';
    else if (packages && b.currency?.trim() && !currency) problems.currency = `Currency: '${b.currency}' is not a currency code; use one such as USD or EUR.`;
    else if (packages && !currency && (b.kind === 'fixed' || minimum > 0))
      problems.currency = 'Currency: a fixed amount or a minimum off a token package is money: say in which currency.';
    if (packages && b.itemKind && b.itemKind !== 'any') problems.itemKind = 'Products: only for store checkouts; choose "Any product".';

    let amount = b.amount;
    if (b.kind === 'percent' && !(Number.isInteger(b.amount) && b.amount >= 1 && b.amount <= 100))
      problems.amount = 'Amount: a percent is a whole number from 1 to 100.';
    else if (b.kind === 'fixed' && !packages && !(Number.isInteger(b.amount) && b.amount >= 1))
      problems.amount = 'Amount: a whole number of tokens, 1 or more.';
    else if (b.kind === 'fixed' && packages && currency) {
      amount = toMinor(b.amount, currency);
      if (amount <= 0 || Math.abs(toMajor(amount, currency) - b.amount) > 1e-9)
        problems.amount = `Amount: more than 0, with ${minorDigits(currency)} decimals at most in ${currency}.`;
    }
    let minimumStored = minimum;
    if (minimum > 0 && packages && currency) {
      minimumStored = toMinor(minimum, currency);
      if (Math.abs(toMajor(minimumStored, currency) - minimum) > 1e-9)
        problems.minimum = `Minimum purchase: ${minorDigits(currency)} decimals at most in ${currency}.`;
    } else if (minimum > 0 && !packages && !Number.isInteger(minimum)) problems.minimum = 'Minimum purchase: a whole number of tokens.';

    const itemId = b.itemId?.trim() || null;
    if (itemId) {
      const exists = !isUuid(itemId) ? false : packages ? Boolean(await findPackage(db, itemId)) : (await db.$count(products, eq(products.id, itemId))) > 0;
      if (!exists) problems.itemId = `Only for this item: no ${packages ? 'token package' : 'product'} has this id.`;
    }
    const startsAt = b.startsAt ? new Date(b.startsAt) : null;
    const endsAt = b.endsAt ? new Date(b.endsAt) : null;
    if (startsAt && endsAt && endsAt <= startsAt) problems.endsAt = 'Ends: after it starts.';
    const maxUses = b.maxUses ?? null;
    if (before && maxUses !== null && maxUses < before.uses)
      problems.maxUses = `Uses in all: it was used ${before.uses} times already; give at least ${before.uses}, or deactivate it.`;
    if (Object.keys(problems).length) throw invalid(problems);
    return {
      code: normalCode(b.code),
      appliesTo: b.appliesTo,
      kind: b.kind,
      amount,
      currency,
      itemKind: packages || !b.itemKind || b.itemKind === 'any' ? null : b.itemKind,
      itemId,
      minimum: minimumStored,
      startsAt,
      endsAt,
      maxUses,
      maxUsesPerMember: b.maxUsesPerMember ?? null,
      active: b.active ?? true,
    };
  };

  /** A taken code is a 409 at its field; any other failure goes on. */
  const saving = async (save: () => Promise<CouponRow | null>, code: string) => {
    try {
      return await save();
    } catch (err) {
      if (uniqueViolation(err) !== null) {
        const message = `Code: ${normalCode(code)} is taken by another coupon.`;
        throw new AppError(409, 'COUPON_CODE_TAKEN', message, {}, { code: message });
      }
      throw err;
    }
  };
  const setActive = async (id: string, active: boolean) => {
    await find(id);
    return toItem((await updateCoupon(db, id, { active }))!);
  };

  return {
    async list(query) {
      const { rows, ...total } = await searchCoupons(db, {
        q: query.q,
        appliesTo: query.appliesTo as 'packages' | 'tokens' | undefined,
        active: query.active === undefined ? undefined : query.active === 'true',
        sortBy: query.sortBy,
        sort: query.sort,
        limit: query.limit ?? 25,
        offset: query.offset ?? 0,
      });
      return { data: rows.map(toItem), ...total };
    },
    get: async (id) => toItem(await find(id)),
    async create(body) {
      const values = await valuesOf(body, null);
      return toItem((await saving(() => insertCoupon(db, values), values.code))!);
    },
    async update(id, patch) {
      const before = await find(id);
      const values = await valuesOf(patch, before);
      return toItem((await saving(() => updateCoupon(db, id, values), values.code))!);
    },
    remove: () => Promise.reject(notFound('Coupons are deactivated, not deleted.')),
    bulk: {
      publish: (id) => setActive(id, true),
      unpublish: (id) => setActive(id, false),
    },
  };
}
