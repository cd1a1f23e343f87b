import type { GrantKind } from '../../../../shared/contracts/grants.ts';
import type { GrantsService } from '../../grants/grants.service.ts';
import type { AdminAdapter } from '../admin-resource.ts';

/** The verbs of grants: GrantsService logs each in its own transaction, in words (member, item, end, reason). */
export const GRANT_VERBS = ['give-access', 'revoke-access'];

/**
 * A priced item's verbs of grants (shared/admin/grant-actions.ts itemGrantActions): give the item to a member named by
 * username or e-mail, or end their grant, through GrantsService; the answer is the item again.
 */
export function withGrantActions<B>(kind: GrantKind, adapter: AdminAdapter<B>, grants: GrantsService): AdminAdapter<B> {
  return {
    ...adapter,
    selfAudited: [...(adapter.selfAudited ?? []), ...GRANT_VERBS],
    actions: {
      ...adapter.actions,
      'give-access': async (id, body, actor) => {
        await grants.give(actor.user, { member: String(body.member), kind, item: id, until: body.until as string | undefined, reason: String(body.reason) });
        return adapter.get(id);
      },
      'revoke-access': async (id, body, actor) => {
        await grants.revoke(actor.user, { member: String(body.member), kind, item: id });
        return adapter.get(id);
      },
    },
  };
}
