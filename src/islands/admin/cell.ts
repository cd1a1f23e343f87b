import { fieldsOf, type AdminResource } from '../../shared/admin/resource.ts';

/** How a list cell shows a value: a select's label, yes/no, a date, a list, or '—' for nothing. */
export function cellText(value: unknown, resource?: AdminResource, key?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => cellText(v)).join(', ');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))
    return new Date(value).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  if (typeof value === 'object') return JSON.stringify(value);
  const labels = resource?.columns.find((c) => c.key === key)?.labels;
  if (labels?.[String(value)]) return labels[String(value)]!;
  const options = resource && key ? fieldsOf(resource.body).find((f) => f.name === key)?.options : undefined;
  return options?.find((o) => o.value === String(value))?.label ?? String(value);
}
