/**
 * Times as the operator reads and types them: in the site's time zone (setting `timeZone`, an IANA name such as
 * Europe/Oslo; UTC by default), with the zone said. Stored times stay UTC instants; only their words change.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key}|${timeZone}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = new Intl.DateTimeFormat('en', { ...options, timeZone })));
  return format;
}

/** Whether the runtime knows the zone (a setting is checked with it). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `Dec 1, 2026, 10:30 AM GMT+1`: a moment in the zone, the zone said. */
export const timeText = (at: string | Date, timeZone = 'UTC'): string =>
  formatOf(timeZone, 'text', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(at),
  );

/** The zone's wall clock at a moment, as its parts. */
function wallParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatOf(timeZone, 'parts', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { y: +parts.year!, m: +parts.month!, d: +parts.day!, h: +parts.hour!, min: +parts.minute!, s: +parts.second! };
}

/** How far the zone's clock is ahead of UTC at a moment, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const p = wallParts(at, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** A moment as a `datetime-local` field shows it in the zone: `YYYY-MM-DDTHH:mm`. */
export function wallTime(at: string | Date, timeZone = 'UTC'): string {
  const p = wallParts(new Date(at), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.y}-${two(p.m)}-${two(p.d)}T${two(p.h)}:${two(p.min)}`;
}

/** What a `datetime-local` value typed in the zone means, as an ISO instant (a time a clock change skips moves on). */
export function fromWallTime(wall: string, timeZone = 'UTC'): string {
  const [date, time = '00:00'] = wall.split('T');
  const [y, m, d] = date!.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, h!, min!);
  let at = asUtc - offsetAt(new Date(asUtc), timeZone);
  // Across a clock change the offset at the guess is not the offset at the answer: once more settles it.
  at = asUtc - offsetAt(new Date(at), timeZone);
  return new Date(at).toISOString();
}

/** The zone's short name now (`GMT+1`, `UTC`), for a field's hint. */
export const zoneName = (timeZone = 'UTC', at: Date = new Date()): string =>
  formatOf(timeZone, 'zone', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** A time field's hint: its own words, then the zone its times are typed in. */
export const zoneHint = (hint: string | undefined, timeZone = 'UTC'): string =>
  [hint, `Time in ${timeZone === 'UTC' ? 'UTC' : `${timeZone.replace(/_/g, ' ')} (${zoneName(timeZone)})`}.`].filter(Boolean).join(' ');
