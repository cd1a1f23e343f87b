interface Props {
  /** The first and last page on screen ('More' appends pages below the first). */
  from: number;
  to: number;
  total: number;
  pageSize: number;
  /** This list's address for any page (its `page` parameter is replaced). */
  href: string;
}

/** The address of page `n` of a list (page 1 without the parameter: one address per page). */
export function pageHref(href: string, n: number): string {
  const url = new URL(href, 'http://list.invalid');
  if (n === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(n));
  return url.pathname + url.search;
}

/**
 * Real page links: previous, a window of numbers, next. The pages already on screen are marked (the last one is the
 * current page), so after 'More' the links go on from what is shown.
 */
export default function Pager({ from, to, total, pageSize, href }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages < 2) return null;
  const first = Math.max(1, Math.min(to - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  return (
    <nav className="pagination" aria-label="Pages" data-testid="pager">
      {from > 1 ? (
        <a href={pageHref(href, from - 1)} rel="prev">
          Previous
        </a>
      ) : (
        <span aria-disabled="true">Previous</span>
      )}
      {numbers.map((n) =>
        n === to ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : n >= from && n < to ? (
          <span key={n} className="loaded" title="Already on this page">
            {n}
          </span>
        ) : (
          <a key={n} href={pageHref(href, n)}>
            {n}
          </a>
        ),
      )}
      {to < pages ? (
        <a href={pageHref(href, to + 1)} rel="next">
          Next
        </a>
      ) : (
        <span aria-disabled="true">Next</span>
      )}
    </nav>
  );
}
