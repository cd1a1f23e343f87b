import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ListResult, Query } from '../../shared/api-client.ts';
import { adminResource } from '../../shared/admin/resources/index.ts';
import { fieldsOf, type AdminItem, type AdminMedia, type BulkAction, type Choice } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { countText, totalText } from '../../shared/totals.ts';
import { $adminBulk, $adminList, queryAdminList, seedAdminList } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import { $trashCount, countTrash, seedTrashCount, takeUndo, toastDeleted } from '../../stores/admin-trash.ts';
import { cellText } from './cell.ts';
import MediaCell from './MediaCell.tsx';
import ListPager from './ListPager.tsx';
import TrashTabs from './TrashTabs.tsx';

interface Props {
  resource: string;
  /** The query the page was rendered for (from its address) and what it found. */
  query: Query;
  page: ListResult<AdminItem>;
  /** The categories a `category` bulk verb offers (the resource's own group). */
  categories?: Choice[];
  /** The site's time zone: times read in it. */
  timeZone?: string;
  /** How many items the resource's trash holds (a resource with `trash`). */
  trashCount?: number;
}

/** The bulk verbs that set a value, asked for in the bulk bar before they run. */
type ValueVerb = 'price' | 'category';
const setsValue = (action: BulkAction): action is ValueVerb => action === 'price' || action === 'category';

const PAGE_SIZE = 25;
const VERBS: Record<BulkAction, string> = { publish: 'Publish', unpublish: 'Unpublish', delete: 'Delete', price: 'Set price', category: 'Set category' };

/** How an id filter reads: the name its items give it (a member's username), else the id itself. */
/**
 * A resource's list: search, filters, sort and pages (kept in the address, so a reload or a shared link shows the
 * same), and checkboxes for what can be done to many items at once.
 */
export default function ResourceList({ resource: name, query: rendered, page, categories = [], timeZone = 'UTC', trashCount = 0 }: Props) {
  const resource = adminResource(name)!;
  const state = useStore($adminList);
  const bulk = useStore($adminBulk);
  const counted = useStore($trashCount);
  const inTrash = counted.resource === name ? counted.count : trashCount;
  useEffect(() => {
    seedTrashCount(name, trashCount);
    // A delete made on the item's page (which came here) offers its Undo here.
    const undo = resource.trash ? takeUndo(name) : null;
    if (undo) toastDeleted(resource, undo.ids, undo.message);
  }, [name, trashCount, resource]);
  const [selected, setSelected] = useState<string[]>([]);
  const [search, setSearch] = useState(String(rendered.q ?? ''));
  // A verb that sets a value (price, category) and the value being chosen for it, in the bulk bar.
  const [asking, setAsking] = useState<{ verb: ValueVerb; value: string } | null>(null);
  useEffect(() => seedAdminList(name, rendered, page), [name, rendered, page]);
  const list =
    state.resource === name ? state : { query: rendered, items: page.data, total: page.total, totalCapped: page.totalCapped === true, request: state.request };
  const total = totalText(list);
  const loading = list.request.status === 'loading' || bulk.status === 'loading';
  const offset = Number(list.query.offset ?? 0);

  const go = (change: Query) => {
    const merged: Query = { ...list.query, offset: 0, ...change };
    const query = Object.fromEntries(
      Object.entries(merged).flatMap(([k, v]) => (k === 'limit' || v === '' || v === undefined || v === null || v === 0 ? [] : [[k, String(v)]])),
    );
    history.replaceState(null, '', `?${new URLSearchParams(query)}`);
    setSelected([]);
    void queryAdminList({ limit: PAGE_SIZE, ...query });
  };
  const verb = (action: BulkAction) => resource.bulkLabels?.[action] ?? VERBS[action];
  /** The CSV of what the list shows (filters, search, sort): a site address, so the session cookie goes with it. */
  const csv = `/admin/${name}/export.csv?${new URLSearchParams(
    Object.entries(list.query).flatMap(([k, v]) => (k === 'limit' || k === 'offset' || v === '' || v == null ? [] : [[k, String(v)]])),
  )}`;
  const items = (n: number) => `${n} ${n === 1 ? resource.singular : resource.label.toLowerCase()}`;
  /** What a bulk verb asks before it runs: how many items change, and to what. */
  const question = (action: BulkAction, value?: number | string): string | null => {
    if (action === 'delete') return `Delete ${items(selected.length)}?`;
    if (action === 'price') return value === 0 ? `Make ${items(selected.length)} free?` : `Set the price of ${items(selected.length)} to ${value} tokens?`;
    if (action === 'category') {
      const category = categories.find((c) => c.value === value)?.label ?? 'that category';
      return `Put ${items(selected.length)} in "${category}" (instead of their categories)?`;
    }
    return null;
  };
  const runBulk = async (action: BulkAction, value?: number | string) => {
    const ask = question(action, value);
    if (ask && !confirm(ask)) return;
    const result = await $adminBulk.run(action, selected, value);
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    setSelected([]);
    setAsking(null);
    const { done, failed } = result.data;
    const refused = failed.length ? `; ${failed.length} refused (${failed[0]!.message})` : '';
    if (action === 'delete' && resource.trash && done.length) {
      // In the trash, not gone: the toast offers them back.
      countTrash(name, done.length);
      return toastDeleted(resource, done, `Moved ${items(done.length)} to the trash${refused}.`, failed.length ? 'error' : 'success');
    }
    showToast(
      `${verb(action)}: ${done.length} done${failed.length ? `, ${failed.length} refused (${failed[0]!.message})` : ''}.`,
      failed.length ? 'error' : 'success',
    );
  };
  // The id filters in the address (a member's orders…), named by their column in the rows found.
  const links = (resource.filters ?? []).flatMap((f) =>
    f.kind === 'id' && list.query[f.key] ? [{ key: f.key, label: f.label, name: list.items[0] ? cellText(list.items[0][f.column]) : 'none found' }] : [],
  );
  const all = list.items.length > 0 && list.items.every((i) => selected.includes(i._id));
  // The item's first picture (a poster, a cover), shown small beside its name.
  const pictureKey = fieldsOf(resource.body).find((f) => f.kind === 'image' || f.kind === 'images')?.name;
  /** The item's picture's address, or null. */
  const pictureOf = (item: AdminItem): string | null => {
    const value = pictureKey ? item[pictureKey] : null;
    return ((Array.isArray(value) ? value[0] : value) as AdminMedia | null | undefined)?.url ?? null;
  };

  return (
    <div className="admin-list" aria-busy={loading}>
      {resource.trash && <TrashTabs resource={resource} current="list" count={inTrash} />}
      <form
        className="admin-toolbar"
        role="search"
        aria-label={`Search ${resource.label.toLowerCase()}`}
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: search.trim() });
        }}
      >
        <label className="visually-hidden" htmlFor="admin-q">
          Search
        </label>
        <input id="admin-q" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={`Search ${resource.label.toLowerCase()}…`} />
        {resource.filters?.map((f) =>
          f.options ? (
            <label key={f.key} className="admin-filter">
              <span>{f.label}</span>
              <select value={String(list.query[f.key] ?? '')} onChange={(e) => go({ [f.key]: e.target.value })}>
                <option value="">{f.all ?? 'All'}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ) : f.kind === 'date' ? (
            <label key={f.key} className="admin-filter">
              <span>{f.label}</span>
              <input type="date" value={String(list.query[f.key] ?? '')} onChange={(e) => go({ [f.key]: e.target.value })} />
            </label>
          ) : null,
        )}
        <label className="admin-filter">
          <span>Sort</span>
          <select value={String(list.query.sortBy ?? resource.sorts[0]!.value)} onChange={(e) => go({ sortBy: e.target.value })}>
            {resource.sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </form>

      {links.length > 0 && (
        <p className="admin-links" data-testid="admin-links">
          {links.map((l) => (
            <span key={l.key} className="chip">
              {l.label}: {l.name}
              <button type="button" className="btn btn-ghost" onClick={() => go({ [l.key]: '' })}>
                Clear<span className="visually-hidden"> the {l.label.toLowerCase()} filter</span>
              </button>
            </span>
          ))}
        </p>
      )}
      {selected.length > 0 && (
        <div className="admin-bulk" role="group" aria-label="With the checked items">
          <span>{selected.length} checked</span>
          {resource.bulk?.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'delete' ? 'btn btn-ghost text-danger' : 'btn'}
              disabled={loading}
              aria-expanded={setsValue(action) ? asking?.verb === action : undefined}
              onClick={() => (setsValue(action) ? setAsking({ verb: action, value: '' }) : runBulk(action))}
            >
              {verb(action)}
              {setsValue(action) ? '…' : null}
            </button>
          ))}
          {asking && (
            <form
              className="admin-bulk-value"
              onSubmit={(e) => {
                e.preventDefault();
                const value = asking.verb === 'price' ? Number(asking.value) : asking.value;
                if (asking.value === '' || (asking.verb === 'price' && !(Number.isInteger(value) && Number(value) >= 0)))
                  return showToast(asking.verb === 'price' ? 'Price: give a whole number of tokens, 0 or more.' : 'Category: choose one.', 'error');
                void runBulk(asking.verb, value);
              }}
            >
              <label htmlFor="bulk-value">{asking.verb === 'price' ? 'Price (tokens)' : 'Category'}</label>
              {asking.verb === 'price' ? (
                <input id="bulk-value" type="number" min={0} step={1} value={asking.value} onChange={(e) => setAsking({ ...asking, value: e.target.value })} />
              ) : (
                <select id="bulk-value" value={asking.value} onChange={(e) => setAsking({ ...asking, value: e.target.value })}>
                  <option value="">—</option>
                  {categories.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
              <button type="submit" className="btn btn-primary" disabled={loading} data-testid="bulk-apply">
                Apply to {selected.length}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setAsking(null)}>
                Cancel
              </button>
            </form>
          )}
        </div>
      )}
      {list.request.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(list.request.error)}
        </p>
      )}

      <p className="muted admin-count" data-testid="admin-count">
        {countText(list, resource.singular, resource.label.toLowerCase())}
      </p>
      {/* Wide screens: a table that scrolls sideways when it must (focusable and named, so a keyboard can scroll it);
          below 640 px each row is a card of labelled values. */}
      <div className="admin-table-wrap" role="region" aria-label={resource.label} tabIndex={0}>
        <table className="admin-table" data-testid="admin-table">
          <caption className="visually-hidden">
            {resource.label}: {total}
          </caption>
          <thead>
            <tr>
              {resource.bulk?.length ? (
                <th scope="col" className="check">
                  <input
                    type="checkbox"
                    aria-label="Check every item on this page"
                    checked={all}
                    onChange={() => setSelected(all ? [] : list.items.map((i) => i._id))}
                  />
                </th>
              ) : null}
              {resource.columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item._id} data-testid="admin-row">
                {resource.bulk?.length ? (
                  <td className="check">
                    <input
                      type="checkbox"
                      aria-label={`Check ${cellText(item[resource.titleKey])}`}
                      checked={selected.includes(item._id)}
                      onChange={(e) => setSelected(e.target.checked ? [...selected, item._id] : selected.filter((s) => s !== item._id))}
                    />
                  </td>
                ) : null}
                {resource.columns.map((c) => (
                  <td key={c.key} data-label={c.key === resource.titleKey ? undefined : c.label}>
                    {c.key === resource.titleKey ? (
                      <span className="admin-title-cell">
                        {pictureKey && <Thumb src={pictureOf(item)} />}
                        <a href={`/admin/${name}/${item._id}`}>{cellText(item[c.key])}</a>
                      </span>
                    ) : resource.panel === 'media' && c.key === 'media' ? (
                      <MediaCell item={item} />
                    ) : (
                      cellText(item[c.key], resource, c.key, timeZone)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.items.length === 0 && <p className="empty">Nothing found.</p>}

      {resource.exportCsv && (
        <p className="admin-export">
          <a className="btn btn-ghost" href={csv} download data-testid="admin-export">
            Export CSV
          </a>{' '}
          <span className="muted">of the {total} shown by these filters</span>
        </p>
      )}
      <ListPager list={list} offset={offset} pageSize={PAGE_SIZE} loading={loading} go={(next) => go({ offset: next })} />
    </div>
  );
}

/** An item's picture, small, beside its name in a list (an empty tile when it has none). */
function Thumb({ src }: { src: string | null }) {
  return src ? (
    <img className="admin-thumb" src={src} alt="" width={56} height={42} loading="lazy" decoding="async" />
  ) : (
    <span className="admin-thumb" aria-hidden="true" />
  );
}
