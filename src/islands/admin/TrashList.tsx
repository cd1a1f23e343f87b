import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ListResult, Query } from '../../shared/api-client.ts';
import { adminResource } from '../../shared/admin/resources/index.ts';
import type { AdminItem } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { PurgeResult, RestoreResult } from '../../shared/operations/admin.ts';
import { totalText } from '../../shared/totals.ts';
import { navigation } from '../../client/navigation.ts';
import { $adminTrash, $trashCount, queryAdminTrash, seedAdminTrash, trashVerbs } from '../../stores/admin-trash.ts';
import { showActionToast, showToast } from '../../stores/toast.ts';
import { cellText } from './cell.ts';
import ListPager from './ListPager.tsx';
import TrashTabs from './TrashTabs.tsx';

interface Props {
  resource: string;
  /** The query the page was rendered for (from its address) and what it found. */
  query: Query;
  page: ListResult<AdminItem>;
  /** The site's time zone: times read in it. */
  timeZone?: string;
}

const PAGE_SIZE = 25;
const DAY = 24 * 3600_000;
/** The day the purge job takes an item (it runs hourly: the day is what an operator plans by). */
const dayOf = (iso: string, timeZone: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium', timeZone });

/**
 * A resource's trash: what was deleted, newest first, each with when it goes for good, a Restore button (it comes back
 * as it was) and "Delete for good" (asked first). Search and pages are kept in the address, as in the list.
 */
export default function TrashList({ resource: name, query: rendered, page, timeZone = 'UTC' }: Props) {
  const resource = adminResource(name)!;
  const state = useStore($adminTrash);
  const verbs = useStore(trashVerbs.$states);
  const counted = useStore($trashCount);
  const [search, setSearch] = useState(String(rendered.q ?? ''));
  useEffect(() => seedAdminTrash(name, rendered, page), [name, rendered, page]);
  const seeded = state.resource === name;
  const list = seeded ? state : { query: rendered, items: page.data, total: page.total, totalCapped: page.totalCapped === true, request: state.request };
  const loading = list.request.status === 'loading';
  const offset = Number(list.query.offset ?? 0);
  const total = totalText(list);
  const titleOf = (item: AdminItem) => cellText(item[resource.titleKey]);
  // Items with an address on the site (all but banners) show the one they come back at.
  const addressed = 'slug' in resource.body.properties;
  // How long items wait here, read from one of them (TRASH_DAYS; none when items stay until deleted by hand).
  const sample = list.items[0];
  const days = sample?.purgeAt ? Math.round((Date.parse(String(sample.purgeAt)) - Date.parse(String(sample.deletedAt))) / DAY) : null;

  const go = (change: Query) => {
    const merged: Query = { ...list.query, offset: 0, ...change };
    const query = Object.fromEntries(Object.entries(merged).flatMap(([k, v]) => (k === 'limit' || v === '' || v == null || v === 0 ? [] : [[k, String(v)]])));
    history.replaceState(null, '', `?${new URLSearchParams(query)}`);
    void queryAdminTrash({ limit: PAGE_SIZE, ...query });
  };

  async function restore(item: AdminItem) {
    const result = await trashVerbs.run(item._id, name, 'restore');
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    const { notice, item: back } = result.data as RestoreResult;
    const as = back.state === 'draft' ? 'a draft' : back.state === 'scheduled' ? 'scheduled' : 'published';
    showActionToast(notice ?? `"${titleOf(item)}" is back, ${as}.`, 'success', { label: 'Open', run: () => navigation.go(`/admin/${name}/${back._id}`) });
  }

  async function purge(item: AdminItem) {
    if (!confirm(`Delete "${titleOf(item)}" for good? It cannot be brought back.`)) return;
    const result = await trashVerbs.run(item._id, name, 'purge');
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    const { kept } = result.data as PurgeResult;
    showToast(`"${titleOf(item)}" is deleted for good.${kept ? ' Members who bought it keep it.' : ''}`, 'success');
  }

  return (
    <div className="admin-list" aria-busy={loading}>
      <TrashTabs resource={resource} current="trash" count={counted.resource === name ? counted.count : page.total} />
      <p className="admin-trash-note muted">
        Deleted {resource.label.toLowerCase()} wait here{days ? ` for ${days} days, then are deleted for good` : ' until you delete them for good'}. Restore
        brings one back as it was; members who bought one keep it either way.
      </p>
      <form
        className="admin-toolbar"
        role="search"
        aria-label={`Search the trash of ${resource.label.toLowerCase()}`}
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: search.trim() });
        }}
      >
        <label className="visually-hidden" htmlFor="trash-q">
          Search
        </label>
        <input id="trash-q" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search the trash…" />
      </form>
      {list.request.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(list.request.error)}
        </p>
      )}
      <div className="admin-table-wrap" role="region" aria-label={`${resource.label} in the trash`} tabIndex={0}>
        <table className="admin-table" data-testid="trash-table">
          <caption className="visually-hidden">
            {resource.label} in the trash: {total}
          </caption>
          <thead>
            <tr>
              <th scope="col">{resource.columns.find((c) => c.key === resource.titleKey)?.label ?? 'Title'}</th>
              {addressed && <th scope="col">Address</th>}
              <th scope="col">Comes back as</th>
              <th scope="col">Deleted</th>
              <th scope="col">Deleted for good</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => {
              const busy = trashVerbs.of(verbs, item._id).status === 'loading';
              return (
                <tr key={item._id} data-testid="trash-row">
                  <td className="wrap">{titleOf(item)}</td>
                  {addressed && (
                    <td className="wrap" data-label="Address">
                      {cellText(item.slug)}
                    </td>
                  )}
                  <td data-label="Comes back as">{cellText(item.state, resource, 'state')}</td>
                  <td className="wrap" data-label="Deleted">
                    {cellText(item.deletedAt, undefined, undefined, timeZone)}
                  </td>
                  <td className="wrap" data-label="Deleted for good">
                    {item.purgeAt ? dayOf(String(item.purgeAt), timeZone) : 'When you say'}
                  </td>
                  <td>
                    <span className="row-actions">
                      <button type="button" className="btn" disabled={busy} onClick={() => restore(item)}>
                        Restore<span className="visually-hidden"> {titleOf(item)}</span>
                      </button>
                      <button type="button" className="btn btn-ghost text-danger" disabled={busy} onClick={() => purge(item)}>
                        Delete for good<span className="visually-hidden"> {titleOf(item)}</span>
                      </button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {list.items.length === 0 && <p className="empty">{list.query.q ? 'Nothing found.' : 'The trash is empty.'}</p>}
      <ListPager list={list} offset={offset} pageSize={PAGE_SIZE} loading={loading} go={(next) => go({ offset: next })} />
    </div>
  );
}
