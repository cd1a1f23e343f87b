import { Type } from 'typebox';
import { memberRoute } from '../../routes.ts';
import type { AdminAction, AdminItem, AdminResource } from '../resource.ts';
import { memberGrantActions } from '../grant-actions.ts';

const ROLES = { member: 'Member', admin: 'Admin' } as const;
const STATUSES = { active: 'Active', inactive: 'Banned', closing: 'Closing', closed: 'Closed' } as const;

/**
 * Members: search and read their record; what an operator changes is a verb (role, ban and unban, tokens with a
 * reason, a password-reset mail). No create or delete here: members sign up themselves.
 */
export const membersResource: AdminResource = {
  name: 'members',
  label: 'Members',
  singular: 'member',
  titleKey: 'username',
  body: Type.Object(
    {
      username: Type.String({ title: 'Username' }),
      name: Type.String({ title: 'Name' }),
      email: Type.String({ title: 'E-mail', 'x-kind': 'email' }),
      role: Type.Union([Type.Literal('member'), Type.Literal('admin')], { title: 'Role', 'x-labels': ROLES }),
      status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('closing'), Type.Literal('closed')], {
        title: 'Status',
        'x-labels': STATUSES,
      }),
      balance: Type.Integer({ title: 'Balance (tokens)' }),
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'username', label: 'Username' },
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'E-mail' },
    { key: 'role', label: 'Role', labels: ROLES },
    { key: 'status', label: 'Status', labels: STATUSES },
    { key: 'balance', label: 'Tokens' },
    { key: 'createdAt', label: 'Joined' },
  ],
  filters: [
    { key: 'role', label: 'Role', options: Object.entries(ROLES).map(([value, label]) => ({ value, label })) },
    { key: 'status', label: 'Status', options: Object.entries(STATUSES).map(([value, label]) => ({ value, label })) },
  ],
  sorts: [
    { value: 'newest', label: 'Newest' },
    { value: 'username', label: 'Username' },
    { value: 'balance', label: 'Most tokens' },
  ],
  operations: { create: false, update: false, delete: false },
  // An erased account is a record only: none of the verbs apply to it.
  actions: (
    [
      {
        name: 'adjust-tokens',
        label: 'Adjust tokens',
        body: Type.Object(
          {
            amount: Type.Integer({
              title: 'Tokens',
              description: 'Positive adds, negative takes away (never below zero).',
              minimum: -1_000_000,
              maximum: 1_000_000,
            }),
            reason: Type.String({ title: 'Reason', description: 'Kept with the ledger entry.', minLength: 1, maxLength: 200 }),
          },
          { additionalProperties: false },
        ),
      },
      ...memberGrantActions,
      {
        name: 'change-role',
        label: 'Change role',
        body: Type.Object(
          { role: Type.Union([Type.Literal('member'), Type.Literal('admin')], { title: 'New role', 'x-labels': ROLES }) },
          { additionalProperties: false },
        ),
      },
      { name: 'send-password-reset', label: 'Send a password-reset mail', when: (item) => item.status === 'active' },
      {
        name: 'ban',
        label: 'Ban',
        body: Type.Object(
          { reason: Type.String({ title: 'Reason for the ban', description: 'Mailed to them; kept in the log.', minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        confirm: 'Ban this member? They are logged out everywhere at once.',
        when: (item) => item.status === 'active',
      },
      { name: 'unban', label: 'Unban', when: (item) => item.status === 'inactive' },
      {
        name: 'erase-now',
        label: 'Erase now',
        confirm:
          'Erase this account now? Their profile, pictures and addresses go for good and they cannot log in again; payments, orders and token entries stay without their name.',
        when: (item) => item.status !== 'closed' && item.role !== 'admin',
      },
    ] satisfies AdminAction[]
  ).map((action: AdminAction) => ({ ...action, when: (item: AdminItem) => item.status !== 'closed' && (action.when?.(item) ?? true) })),
  publicPath: (item) => (item.status === 'active' || item.status === 'closing' ? memberRoute(String(item.username)) : null),
  panel: 'member',
};
