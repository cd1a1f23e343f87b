import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { toCards } from '../../shared/cards.ts';
import { totalText } from '../../shared/totals.ts';
import type { Query } from '../../shared/api-client.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { CatalogueKind } from '../../shared/routes.ts';
import { LISTS, loadMore, seedList } from '../../stores/lists.ts';
import CardList from './CardList.tsx';
import Pager, { pageHref } from './Pager.tsx';

interface Props {
  kind: CatalogueKind;
  /** The list's query without offset (q, sortBy, filters, limit). */
  query: Query & { limit: number };
  /** The page the server rendered, and how many items it and the pages before it hold. */
  page: number;
  shown: number;
  total: number;
  /** There are at least `total` (the server stopped counting). */
  totalCapped?: boolean;
  /** This list's address for any page (the pager's links, and 'More' without scripts). */
  href: string;
}

/** 'More' appends the next page under the server-rendered one; the page links below follow what is on screen. */
export default function MoreList({ kind, query, page, shown, total: rendered, totalCapped: renderedCapped = false, href }: Props) {
  const list = useStore(LISTS[kind]);
  useEffect(() => seedList(kind, rendered, renderedCapped), [kind, rendered, renderedCapped]);
  const fresh = list.request.status === 'ok';
  const total = fresh ? list.total : rendered;
  const capped = fresh ? list.totalCapped === true : renderedCapped;
  const loaded = shown + list.items.length;
  const lastPage = Math.ceil(loaded / query.limit);
  const loading = list.request.status === 'loading';
  return (
    <>
      {list.items.length > 0 && <CardList cards={toCards(kind, list.items)} className="card-grid card-grid-more" testId="more-items" />}
      {loading && (
        <div className="card-grid" aria-hidden="true">
          {Array.from({ length: Math.min(query.limit, 4) }, (_, i) => (
            <div key={i} className="skeleton-card" />
          ))}
        </div>
      )}
      {list.request.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(list.request.error)}
        </p>
      )}
      {loaded < total && (
        <p className="more-row">
          <a
            className="btn"
            href={pageHref(href, lastPage + 1)}
            role="button"
            aria-busy={loading}
            data-testid="more"
            onClick={(e) => {
              e.preventDefault();
              void loadMore(kind, query, shown);
            }}
          >
            {loading ? 'Loading…' : `More (${totalText({ total: total - loaded, totalCapped: capped })} left)`}
          </a>
        </p>
      )}
      <Pager from={page} to={Math.max(page, lastPage)} total={total} pageSize={query.limit} href={href} />
    </>
  );
}
