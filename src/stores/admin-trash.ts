import { atom } from 'nanostores';
import { admin } from '../client/admin-api.ts';
import type { ListResult, Query } from '../shared/api-client.ts';
import type { AdminItem, AdminResource } from '../shared/admin/resource.ts';
import { messageOf, toFailure } from '../shared/contracts/errors.ts';
import type { TrashBulkResult } from '../shared/operations/admin.ts';
import { $adminList, adminListStore, queryAdminList } from './admin.ts';
import { onResetAll } from './reset.ts';
import { payload, requestFamily, type Result } from './request.ts';
import { showActionToast, showToast } from './toast.ts';

/**
 * The back office's trash (a resource with `trash`): the page of it on screen, how many items it holds (the list's
 * "Trash (n)"), its verbs on one item (restore, delete for good), and the Undo a delete's toast offers.
 */
const trashList = adminListStore((resource, query) => payload(admin.trash(resource, query)));
export const $adminTrash = trashList.$list;

/** How many items the trash of the resource on screen holds (the page says, deletes and restores move it). */
export const $trashCount = atom<{ resource: string; count: number }>({ resource: '', count: 0 });

/** Starts the count from what the page rendered. */
export const seedTrashCount = (resource: string, count: number) => $trashCount.set({ resource, count });

/** Moves the count of a resource's trash by `by` (a delete adds, a restore or purge takes away). */
export function countTrash(resource: string, by: number): void {
  const now = $trashCount.get();
  if (now.resource === resource) $trashCount.set({ resource, count: Math.max(0, now.count + by) });
}

/** Starts from what the page rendered. */
export function seedAdminTrash(resource: string, query: Query, page: ListResult<AdminItem>): void {
  trashList.seed(resource, query, page);
  seedTrashCount(resource, page.total);
}

/** Asks for the trash again with another query (search, page); the items shown stay until it arrives. */
export const queryAdminTrash = trashList.query;

/** Restoring or deleting for good one item of the trash, per item; the item leaves the page when it is done. */
export const trashVerbs = requestFamily(async (id: string, resource: string, verb: 'restore' | 'purge') => {
  const answer = verb === 'restore' ? await payload(admin.restore(resource, id)) : await payload(admin.purge(resource, id));
  const state = $adminTrash.get();
  if (state.resource === resource) $adminTrash.set({ ...state, items: state.items.filter((i) => i._id !== id), total: Math.max(0, state.total - 1) });
  countTrash(resource, -1);
  return answer;
});

/** Restores the items a delete just put in the trash (its toast's Undo); the list on screen is asked again after. */
export async function undoDelete(resource: string, ids: string[]): Promise<Result<TrashBulkResult>> {
  let result: Result<TrashBulkResult>;
  try {
    result = { ok: true, data: await payload(admin.trashBulk(resource, 'restore', ids)) };
  } catch (err) {
    result = { ok: false, error: toFailure(err) };
  }
  if (result.ok) countTrash(resource, -result.data.done.length);
  const list = $adminList.get();
  if (list.resource === resource) await queryAdminList(list.query);
  return result;
}

/** "3 stories", "1 story". */
export const itemsOf = (resource: AdminResource, n: number) => `${n} ${n === 1 ? resource.singular : resource.label.toLowerCase()}`;

/** The toast of a delete into the trash, with Undo: the same ids back, each as it was, said in a toast of its own. */
export function toastDeleted(resource: AdminResource, ids: string[], message: string, kind: 'success' | 'error' = 'success'): void {
  showActionToast(message, kind, {
    label: 'Undo',
    run: async () => {
      const result = await undoDelete(resource.name, ids);
      if (!result.ok) return showToast(messageOf(result.error), 'error');
      const { done, failed, notices } = result.data;
      if (failed.length) showToast(`Undo: ${done.length} restored, ${failed.length} not (${failed[0]!.message})`, 'error');
      else showToast(notices.length ? `Restored. ${notices.map((n) => n.message).join(' ')}` : `Restored ${itemsOf(resource, done.length)}.`, 'success');
    },
  });
}

const UNDO_KEY = 'tessera:admin-undo';

/**
 * A delete's Undo for the next page (the item's form goes to the list after a delete): kept in the tab's
 * sessionStorage until the list shows it. False when the storage is unavailable.
 */
export function keepUndo(resource: string, ids: string[], message: string): boolean {
  try {
    sessionStorage.setItem(UNDO_KEY, JSON.stringify({ resource, ids, message }));
    return true;
  } catch {
    return false;
  }
}

/** The Undo kept for this resource's list, once (null when there is none). */
export function takeUndo(resource: string): { ids: string[]; message: string } | null {
  try {
    const raw = sessionStorage.getItem(UNDO_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(UNDO_KEY);
    const kept = JSON.parse(raw) as { resource: string; ids: string[]; message: string };
    return kept.resource === resource && Array.isArray(kept.ids) ? kept : null;
  } catch {
    return null;
  }
}

onResetAll(() => seedTrashCount('', 0));
