import type { Db } from '../../../db/client.ts';
import type { tokenPackages } from '../../../db/schema.ts';
import { invalid, notFound, unprocessable } from '../../../errors.ts';
import { formatMoney, minorDigits, toMinor } from '../../../../shared/money.ts';
import type { AdminItem } from '../../../../shared/admin/resource.ts';
import { isUuid } from '../../catalogue/query.ts';
import { toPackage } from '../../payments/payments.service.ts';
import {
  countPaymentsOfPackage,
  deletePackage,
  findPackage,
  insertPackage,
  setPackageActive,
  updatePackage,
  type PackageRow,
} from '../../payments/payments.repository.ts';
import { PAYMENTS_SHOWN, searchPackages, type PackageWithPayments } from '../../payments/payments-search.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';

interface PackageBody {
  name: string;
  description?: string;
  tokens: number;
  price: number;
  currency: string;
  ordering?: number;
  isActive?: boolean;
}

/**
 * A package as the back office shows it: the public shape, its price written out, and how many payments it has
 * (counted up to PAYMENTS_SHOWN: "100+" beyond).
 */
const toItem = (row: PackageRow, payments: number): AdminItem => ({
  ...toPackage(row),
  priceText: formatMoney(toPackage(row).price, row.currency, 'en'),
  payments: payments >= PAYMENTS_SHOWN ? `${PAYMENTS_SHOWN.toLocaleString('en-US')}+` : payments,
});

/** A currency the platform knows (ICU), upper-case, or null. */
function currencyOf(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return Intl.supportedValuesOf('currency').includes(upper) ? upper : null;
}

/**
 * Token packages: the same table and repository as the CLI's `packages` commands and the public tokens page, which
 * shows the ones on sale in their order. A package members paid for stays (their payments refer to it): it can be
 * disabled, not deleted.
 */
/** `siteCurrency`: the settings' currency, which a package given none is priced in. */
export function tokenPackagesAdmin(db: Db, siteCurrency: () => Promise<string>): AdminAdapter<PackageBody> {
  const find = async (id: string): Promise<PackageRow> => {
    const row = isUuid(id) ? await findPackage(db, id) : null;
    if (!row) throw notFound('No such token package.', 'PACKAGE_NOT_FOUND');
    return row;
  };
  const get = async (id: string) => {
    const row = await find(id);
    return toItem(row, await countPaymentsOfPackage(db, row.id));
  };
  /** The stored values of a body (or of a change, against the package before it), or a 400 naming each bad field. */
  const valuesOf = (body: Partial<PackageBody>, before: PackageRow | null) => {
    const problems: Record<string, string> = {};
    const values: Partial<typeof tokenPackages.$inferInsert> = {};
    if (body.name !== undefined) {
      if (!body.name.trim()) problems.name = 'Name: fill this in.';
      values.name = body.name.trim();
    }
    if (body.description !== undefined) values.description = body.description.trim();
    if (body.tokens !== undefined) values.tokens = body.tokens;
    if (body.ordering !== undefined) values.ordering = body.ordering;
    if (body.isActive !== undefined) values.isActive = body.isActive;
    const currency = body.currency !== undefined ? currencyOf(body.currency) : (before?.currency ?? null);
    if (body.currency !== undefined && !currency) problems.currency = `Currency: '${body.currency}' is not a currency code; use one such as USD or EUR.`;
    if (body.currency !== undefined && currency) values.currency = currency;
    if ((body.price !== undefined || body.currency !== undefined) && currency) {
      // A price given in the old currency's units keeps its value; the new currency must be able to write it.
      const price = body.price ?? (before ? before.priceMinor / 10 ** minorDigits(before.currency) : 0);
      const minor = toMinor(price, currency);
      if (minor <= 0 || Math.abs(minor / 10 ** minorDigits(currency) - price) > 1e-9)
        problems.price = `Price: ${currency} is written with ${minorDigits(currency)} decimals at most, and the price must be above 0.`;
      values.priceMinor = minor;
    }
    if (Object.keys(problems).length) throw invalid(problems);
    return values;
  };
  /** Enable or disable: the CLI's `packages enable|disable`. */
  const setActive = async (id: string, isActive: boolean) => {
    await find(id);
    await setPackageActive(db, id, isActive);
    return get(id);
  };

  return {
    async list(query) {
      const { rows, ...total } = await searchPackages(db, {
        q: query.q,
        isActive: query.isActive === undefined ? undefined : query.isActive === 'true',
        sortBy: query.sortBy,
        sort: query.sort,
        limit: query.limit ?? 25,
        offset: query.offset ?? 0,
      });
      return { data: rows.map((r: PackageWithPayments) => toItem(r, r.payments)), ...total };
    },
    get,
    async create(body) {
      const values = valuesOf({ ...body, currency: body.currency || (await siteCurrency()) }, null);
      const row = await insertPackage(db, {
        name: values.name!,
        description: values.description ?? '',
        tokens: values.tokens!,
        priceMinor: values.priceMinor!,
        currency: values.currency!,
        ordering: values.ordering ?? 0,
        isActive: values.isActive ?? true,
      });
      return toItem(row, 0);
    },
    async update(id, patch) {
      const before = await find(id);
      await updatePackage(db, id, valuesOf(patch.currency === '' ? { ...patch, currency: await siteCurrency() } : patch, before));
      return get(id);
    },
    async remove(id) {
      const row = await find(id);
      if (await deletePackage(db, row.id)) return;
      const payments = await countPaymentsOfPackage(db, row.id);
      throw unprocessable(
        `${payments} payment${payments === 1 ? ' refers' : 's refer'} to '${row.name}', so it stays for their records: disable it instead (it leaves the tokens page).`,
        'PACKAGE_IN_USE',
      );
    },
    bulk: {
      publish: (id) => setActive(id, true),
      unpublish: (id) => setActive(id, false),
    },
  };
}
