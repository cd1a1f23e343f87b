import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { iso } from '../../../lib/text/dates.ts';
import { formatMoney, toMajor } from '../../../../shared/money.ts';
import type { AdminItem, AdminListQuery } from '../../../../shared/admin/resource.ts';
import type { GatewayName, PaymentStatus } from '../../../../shared/contracts/tokens.ts';
import { isUuid } from '../../catalogue/query.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { searchAllPayments, type PaymentForAdmin } from '../../payments/payments-search.repository.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import { memberListSearch } from './member-lists.ts';
import { paymentExportBatches } from '../../payments/payments-export.repository.ts';

const toItem = (p: PaymentForAdmin): AdminItem => {
  const amount = toMajor(p.amountMinor, p.currency);
  return {
    _id: p.id,
    title: `${p.packageName} · ${p.username}`,
    userId: p.userId,
    member: p.username,
    memberEmail: p.email,
    packageId: p.packageId,
    packageName: p.packageName,
    amount,
    currency: p.currency,
    amountText: formatMoney(amount, p.currency, 'en'),
    couponCode: p.couponCode ?? '',
    discount: toMajor(p.discountMinor, p.currency),
    discountText: p.discountMinor ? formatMoney(toMajor(p.discountMinor, p.currency), p.currency, 'en') : '',
    tokens: p.tokens,
    gateway: p.gateway,
    status: p.status,
    providerRef: p.providerRef ?? '',
    createdAt: p.createdAt.toISOString(),
    settledAt: iso(p.settledAt),
    refundReason: p.refundReason?.replace(/^refund: /, '') ?? '',
  };
};

/** What the list and the export ask for: the query's filters, as the repository takes them. */
const searchOf = (query: AdminListQuery) => ({
  ...memberListSearch(query),
  status: query.status as PaymentStatus | undefined,
  gateway: query.gateway as GatewayName | undefined,
});

/**
 * Every member's payments (read-only) and their refund: `PaymentsService.refund`, the same ledger as every other
 * movement of tokens.
 */
export function paymentsAdmin(db: Db, payments: PaymentsService): AdminAdapter {
  const get = async (id: string) => {
    const [row] = isUuid(id) ? (await searchAllPayments(db, { id, limit: 1, offset: 0 })).rows : [];
    if (!row) throw notFound('No such payment.', 'PAYMENT_NOT_FOUND');
    return toItem(row);
  };
  const readOnly = () => Promise.reject(notFound('Payments are not written here.'));
  return {
    async list(query) {
      const { rows, ...total } = await searchAllPayments(db, searchOf(query));
      return { data: rows.map(toItem), ...total };
    },
    async *listAllInBatches(query) {
      for await (const rows of paymentExportBatches(db, searchOf(query))) yield rows.map(toItem);
    },
    get,
    create: readOnly,
    update: readOnly,
    remove: readOnly,
    actions: {
      async refund(id, body) {
        await payments.refund(id, String(body.reason ?? ''));
        return get(id);
      },
    },
  };
}
