import { describe, expect, it } from 'vitest';
import { fromWallTime, timeText, wallTime, zoneName } from '../../src/shared/time-zone.ts';

/** Publish times in the operator's time zone (issue 35, part 8): what they type is what the site keeps. */
describe('times in the site time zone', () => {
  it('a wall time typed in Oslo is kept as the UTC instant it means, in winter and in summer', () => {
    expect(fromWallTime('2026-12-01T10:30', 'Europe/Oslo')).toBe('2026-12-01T09:30:00.000Z');
    expect(fromWallTime('2026-07-01T10:30', 'Europe/Oslo')).toBe('2026-07-01T08:30:00.000Z');
    expect(fromWallTime('2026-12-01T10:30', 'America/New_York')).toBe('2026-12-01T15:30:00.000Z');
    expect(fromWallTime('2026-12-01T10:30')).toBe('2026-12-01T10:30:00.000Z');
  });
  it('and shown back as the same wall time, with the zone said', () => {
    expect(wallTime('2026-07-01T08:30:00.000Z', 'Europe/Oslo')).toBe('2026-07-01T10:30');
    expect(timeText('2026-12-01T09:30:00.000Z', 'Europe/Oslo')).toBe('Dec 1, 2026, 10:30 AM GMT+1');
    expect(timeText('2026-12-01T09:30:00.000Z')).toBe('Dec 1, 2026, 9:30 AM UTC');
    expect(zoneName('Europe/Oslo', new Date('2026-07-01T00:00:00Z'))).toBe('GMT+2');
  });
  it('a time the spring clock change skips moves on to the same instant a clock shows after it', () => {
    // 02:30 does not exist in Oslo on 29 March 2026 (02:00 → 03:00).
    expect(wallTime(fromWallTime('2026-03-29T02:30', 'Europe/Oslo'), 'Europe/Oslo')).toBe('2026-03-29T03:30');
  });
});
