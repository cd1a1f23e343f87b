/** Turns the `fromDate`/`toDate` filters into instants; a bare day as `toDate` means the end of that day. */
export function dateRange(fromDate?: string, toDate?: string): { from: Date | null; to: Date | null } {
  const day = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  const from = fromDate ? new Date(day(fromDate) ? `${fromDate}T00:00:00Z` : fromDate) : null;
  let to = toDate ? new Date(day(toDate) ? `${toDate}T00:00:00Z` : toDate) : null;
  if (to && toDate && day(toDate)) to = new Date(to.getTime() + 86_400_000 - 1);
  return { from: from && !Number.isNaN(from.getTime()) ? from : null, to: to && !Number.isNaN(to.getTime()) ? to : null };
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
