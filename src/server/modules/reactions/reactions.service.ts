import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { Reaction, ReactionBody, ReactionSearchQuery, ReactionState } from '../../../shared/contracts/reactions.ts';
import * as repo from './reactions.repository.ts';

/** Likes, favourites and watch-later marks: idempotent, with exact counters on the items. */
export class ReactionsService {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Adds (`on`) or removes the member's reaction; doing it twice changes nothing. 404 for an unknown item. */
  async set(userId: string, body: ReactionBody, on: boolean): Promise<ReactionState> {
    // Comments take reactions once they exist (the community issue); until then there is nothing to react to.
    if (body.objectType === 'comment' || !(await repo.findItemInfo(this.db, body.objectType, body.objectId))) {
      throw notFound(`No ${body.objectType} ${body.objectId}.`);
    }
    const result = await repo.setReaction(this.db, userId, body.objectType, body.objectId, body.action, on);
    return { active: on, ...result };
  }

  async list(userId: string, query: ReactionSearchQuery): Promise<ListResult<Reaction>> {
    const { rows, ...total } = await repo.listReactions(this.db, userId, query);
    const infos = await repo.itemInfos(this.db, rows);
    return {
      data: rows.map((r) => ({
        _id: r.id,
        action: r.action,
        objectType: r.objectType,
        objectId: r.objectId,
        objectInfo: infos.get(`${r.objectType}:${r.objectId}`) ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
      ...total,
    };
  }
}
