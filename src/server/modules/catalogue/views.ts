import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/auth.service.ts';
import { prepared, type Db } from '../../db/client.ts';
import { itemViews } from '../../db/schema.ts';
import type { CatalogueTable } from './kinds.ts';

const HOUR_MS = 3_600_000;

/** Who is viewing, for view counts: the member, else the client address (never stored as such, see ViewCounter). */
export const visitorOf = (caller: { auth: AuthContext | null; ip: string }): string => (caller.auth ? `member:${caller.auth.user.id}` : `address:${caller.ip}`);

/**
 * Item views, counted once per visitor per item per hour (not per GET): the first view of the hour records the
 * (hashed) visitor and adds one to the item's count in the same statement; a repeat changes nothing. Rows of past hours
 * are deleted once an hour.
 */
export class ViewCounter {
  private readonly db: Db;
  private prunedHour = -1;
  constructor(db: Db) {
    this.db = db;
  }

  async count<T extends PgTable>(spec: CatalogueTable<T>, itemId: string, visitor: string): Promise<void> {
    const hour = Math.floor(Date.now() / HOUR_MS);
    if (hour !== this.prunedHour) {
      this.prunedHour = hour;
      await this.db.delete(itemViews).where(lt(itemViews.hour, hour));
    }
    const who = createHash('sha256').update(visitor).digest('base64url').slice(0, 22);
    // with first_view as (insert … on conflict do nothing returning item_id) update <table> set views = views + 1 where id in first_view
    const statement = prepared(this.db, `view:${spec.kind}`, (on) => {
      const firstView = on.$with('first_view').as(
        on
          .insert(itemViews)
          .values({ visitor: sql.placeholder('visitor'), itemId: sql.placeholder('itemId'), hour: sql.placeholder('hour') })
          .onConflictDoNothing()
          .returning({ itemId: itemViews.itemId }),
      );
      return on
        .with(firstView)
        .update(spec.table as PgTable)
        .set({ views: sql`${spec.columns.views} + 1` } as never)
        .where(inArray(spec.columns.id, on.select({ itemId: firstView.itemId }).from(firstView)));
    });
    await statement.execute({ visitor: who, itemId, hour });
  }
}
