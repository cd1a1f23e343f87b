import { Type } from 'typebox';
import { GRANT_KIND_LABELS, GRANT_KINDS } from '../contracts/grants.ts';
import type { AdminAction } from './resource.ts';

/**
 * The back office's verbs of grants of free access (shared/contracts/grants.ts), from both ends: a member's record
 * names the item, an item's page names the member. Both run GrantsService.
 */
const until = Type.Optional(Type.String({ title: 'Until', description: 'Empty: for good. After it the member no longer has the item.', format: 'date-time' }));
const reason = Type.String({
  title: 'Reason',
  description: 'A support gesture, a gift, a review copy… Kept with the grant and in the log.',
  minLength: 1,
  maxLength: 200,
});
const kind = Type.Union(
  GRANT_KINDS.map((k) => Type.Literal(k)),
  { title: 'Kind', 'x-labels': GRANT_KIND_LABELS },
);
const item = Type.String({ title: 'Item', description: 'Its address (as in its link) or its id.', minLength: 1, maxLength: 200 });
const member = Type.String({ title: 'Member', description: 'Their username or e-mail.', minLength: 1, maxLength: 254 });

/** On a member's record: give them an item, or take a grant back. */
export const memberGrantActions: AdminAction[] = [
  { name: 'give-access', label: 'Give free access', body: Type.Object({ kind, item, until, reason }, { additionalProperties: false }) },
  {
    name: 'revoke-access',
    label: 'Revoke free access',
    body: Type.Object({ kind, item }, { additionalProperties: false }),
    confirm: 'End this grant now? The member loses the item at once.',
  },
];

/** On a priced video's, gallery's or story's page: give it to a member, or take a grant back. */
export const itemGrantActions: AdminAction[] = [
  {
    name: 'give-access',
    label: 'Give free access',
    body: Type.Object({ member, until, reason }, { additionalProperties: false }),
    when: (i) => i.isSale === true,
  },
  {
    name: 'revoke-access',
    label: 'Revoke free access',
    body: Type.Object({ member }, { additionalProperties: false }),
    confirm: 'End this grant now? The member loses the item at once.',
    when: (i) => i.isSale === true,
  },
];
