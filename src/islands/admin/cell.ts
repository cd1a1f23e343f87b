import { timeText } from '../../shared/time-zone.ts';
import { fieldsOf, type AdminResource } from '../../shared/admin/resource.ts';

/** How a list cell shows a value: a select's label, yes/no, a time (in the site's zone, said), a list, or '—' for nothing. */
export function cellText(value: unknown, resource?: AdminResource, key?: string, timeZone = 'UTC'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => cellText(v)).join(', ');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return timeText(value, timeZone);
  if (typeof value === 'object') return JSON.stringify(value);
  const labels = resource?.columns.find((c) => c.key === key)?.labels;
  if (labels?.[String(value)]) return labels[String(value)]!;
  const options = resource && key ? fieldsOf(resource.body).find((f) => f.name === key)?.options : undefined;
  return options?.find((o) => o.value === String(value))?.label ?? String(value);
}

/** A size as people read it: 640 KB, 12.4 MB, 1.2 GB. */
export const sizeText = (bytes: number | undefined): string =>
  bytes === undefined
    ? ''
    : bytes < 1024 * 1024
      ? `${bytes ? Math.max(1, Math.round(bytes / 1024)) : 0} KB`
      : bytes < 1024 ** 3
        ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
        : `${(bytes / 1024 ** 3).toFixed(2)} GB`;
