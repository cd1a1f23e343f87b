import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { api } from '../../client/api.ts';
import { listCall } from '../../shared/calls.ts';
import { toCard, type CatalogueItem } from '../../shared/cards.ts';
import type { Query } from '../../shared/api-client.ts';
import type { CatalogueKind } from '../../shared/routes.ts';
import { $galleries, $posts, $products, $stories, $videos, loadList, setList, type ListStore } from '../../stores/lists.ts';
import CardList from './CardList.tsx';

interface Props {
  kind: CatalogueKind;
  /** The list's query without offset (q, sortBy, filters, limit). */
  query: Query;
  /** How many items the server already rendered above. */
  shown: number;
  total: number;
  /** The plain link to the next page, kept for when scripts do not run. */
  nextHref: string | null;
}

const STORES: Record<CatalogueKind, ListStore<CatalogueItem>> = {
  video: $videos as ListStore<CatalogueItem>,
  gallery: $galleries as ListStore<CatalogueItem>,
  story: $stories as ListStore<CatalogueItem>,
  post: $posts as ListStore<CatalogueItem>,
  product: $products as ListStore<CatalogueItem>,
};

/** 'More': appends the next page under the server-rendered one (the list store keeps what was appended). */
export default function MoreList({ kind, query, shown, total, nextHref }: Props) {
  const store = STORES[kind];
  const list = useStore(store);
  useEffect(() => setList(store, [], total), [store, total]);
  const loaded = shown + list.items.length;
  const hasMore = loaded < (list.success ? list.total : total);
  const more = () => loadList(store, () => listCall(api, kind)({ ...query, offset: loaded }), true);
  const pageSize = Number(query.limit ?? 12);
  return (
    <>
      {list.items.length > 0 && <CardList cards={list.items.map((item) => toCard(kind, item))} className="card-grid card-grid-more" testId="more-items" />}
      {list.requesting && (
        <div className="card-grid" aria-hidden="true">
          {Array.from({ length: Math.min(pageSize, 4) }, (_, i) => (
            <div key={i} className="skeleton-card" />
          ))}
        </div>
      )}
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error}
        </p>
      )}
      {hasMore && (
        <p className="more-row">
          <a
            className="btn"
            href={nextHref ?? undefined}
            role="button"
            aria-busy={list.requesting}
            data-testid="more"
            onClick={(e) => {
              e.preventDefault();
              void more();
            }}
          >
            {list.requesting ? 'Loading…' : `More (${Math.max(0, (list.success ? list.total : total) - loaded)} left)`}
          </a>
        </p>
      )}
    </>
  );
}
