import { MAX_OFFSET } from '../../shared/contracts/common.ts';
import { totalText } from '../../shared/totals.ts';

/** A back-office list's pages: where the page is ("26–50 of 120"), Previous and Next (no further than MAX_OFFSET). */
export default function ListPager({
  list,
  offset,
  pageSize,
  loading,
  go,
}: {
  list: { items: unknown[]; total: number; totalCapped?: boolean };
  offset: number;
  pageSize: number;
  loading: boolean;
  go: (offset: number) => void;
}) {
  return (
    <nav className="admin-pages" aria-label="Pages">
      <span>{list.total ? `${offset + 1}–${Math.min(offset + list.items.length, list.total)} of ${totalText(list)}` : '0 of 0'}</span>
      <button type="button" className="btn btn-ghost" disabled={offset === 0 || loading} onClick={() => go(Math.max(0, offset - pageSize))}>
        Previous
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={offset + pageSize >= list.total || offset + pageSize > MAX_OFFSET || loading}
        onClick={() => go(offset + pageSize)}
      >
        Next
      </button>
    </nav>
  );
}
