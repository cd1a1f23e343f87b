import { formatMoney, toMajor } from '../../../shared/money.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import type { Alongside } from '../settings/settings.service.ts';
import { followSiteCurrency, type PackageRow } from './payments.repository.ts';

const priced = (p: PackageRow) => ({ name: p.name, currency: p.currency, price: formatMoney(toMajor(p.priceMinor, p.currency), p.currency, 'en') });

/**
 * What a change of the site's currency does beside it, in its transaction: the token packages priced in the old
 * currency follow (payments already made keep theirs). Audited per package when an admin made the change.
 */
export const packagesFollowCurrency =
  (actor: { id: string; username: string } | null): Alongside =>
  async (tx, change) => {
    const [from, to] = [change.before.currency, change.after.currency];
    if (typeof from !== 'string' || typeof to !== 'string' || from === to) return;
    for (const { before, after } of await followSiteCurrency(tx, from, to))
      if (actor)
        await insertAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          resource: 'token-packages',
          targetId: after.id,
          action: 'update',
          before: priced(before),
          after: priced(after),
        });
  };
