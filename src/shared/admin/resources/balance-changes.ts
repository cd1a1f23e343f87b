import { Type } from 'typebox';
import type { AdminResource } from '../resource.ts';
import { BALANCE_CHANGE_KINDS } from '../../contracts/ledger.ts';
import { memberAndDates, memberLinks } from './payments.ts';

const KINDS = { bought: 'Package bought', spent: 'Spent', refunded: 'Payment refunded', adjusted: 'Adjusted by the site' } as const;

/**
 * Every change of every member's balance, from the ledger (read-only: a mistake is corrected by a new adjustment):
 * packages bought, spends, refunds and the site's grants, each with its reason and the balance after it.
 */
export const balanceChangesResource: AdminResource = {
  name: 'balance-changes',
  label: 'Balance changes',
  singular: 'balance change',
  titleKey: 'title',
  body: Type.Object({
    member: Type.String({ title: 'Member' }),
    memberEmail: Type.String({ title: 'E-mail' }),
    kind: Type.Union(
      BALANCE_CHANGE_KINDS.map((k) => Type.Literal(k)),
      { title: 'Change', 'x-labels': KINDS },
    ),
    description: Type.String({ title: 'What', maxLength: 1000 }),
    reason: Type.String({ title: 'Reason in the ledger', maxLength: 1000 }),
    delta: Type.Integer({ title: 'Tokens' }),
    balanceAfter: Type.Integer({ title: 'Balance after' }),
    createdAt: Type.String({ title: 'Date', format: 'date-time' }),
  }),
  columns: [
    { key: 'title', label: 'Change' },
    { key: 'kind', label: 'Kind' },
    { key: 'delta', label: 'Tokens' },
    { key: 'balanceAfter', label: 'Balance after' },
    { key: 'createdAt', label: 'Date' },
  ],
  filters: [{ key: 'kind', label: 'Change', options: BALANCE_CHANGE_KINDS.map((value) => ({ value, label: KINDS[value] })) }, ...memberAndDates],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'oldest', label: 'Oldest' },
  ],
  operations: {},
  related: memberLinks,
};
