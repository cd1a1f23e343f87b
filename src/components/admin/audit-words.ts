import { fieldsOf, type AdminResource } from '../../shared/admin/resource.ts';
import { adminResource } from '../../shared/admin/resources/index.ts';
import type { AuditEntry } from '../../shared/operations/admin.ts';
import { formatMoney } from '../../shared/money.ts';
import { MAIL_KINDS, isMailKey } from '../../shared/mail-kinds.ts';
import { settingLabel } from '../../shared/admin/settings.ts';
import { timeText } from '../../shared/time-zone.ts';

/** One change of an audit entry, as an operator reads it. */
export interface ChangeInWords {
  label: string;
  before: string;
  after: string;
}
/** An audit entry in words: who did what to which item, and what changed (field labels, values as people read them). */
export interface EntryInWords {
  /** e.g. "changed the video", "adjust tokens on the member". */
  doing: string;
  /** The item's name (its title, name or key), or null when the entry names none. */
  item: string | null;
  /** The back office's page of the item, when it still has one. */
  href: string | null;
  changes: ChangeInWords[];
}

/** Bookkeeping every row has, said nowhere: its id, creation and change times, who hid it, the media pipeline's state. */
const HIDDEN = /^(_id|id|createdAt|updatedAt|hiddenBy|passwordHash|uploadId|strip|hls)$/;
/** A reference to other rows by id: said as set or how many, never as the id. */
const REFERENCE = /.Ids?$/;
/** Keys whose number is an amount of tokens. */
const TOKENS = /^(price|tokens|balance|totalPrice|unitPrice|amountTokens|delta)$/;
const VERBS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  publish: 'published',
  unpublish: 'unpublished',
  reset: 'reset',
};

const humanise = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/[-_]/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How a value reads: Yes/No, a date, an amount of tokens or money, a picture, a count of entries; never JSON. */
export function valueInWords(key: string, value: unknown, currency: string | null, timeZone = 'UTC'): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return '—';
  if (REFERENCE.test(key)) return Array.isArray(value) ? `${value.length} chosen` : 'set';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (/Minor$/.test(key) && currency) return formatMoney(value / 100, currency, 'en');
    if (key === 'amount' && currency) return formatMoney(value, currency, 'en');
    if (TOKENS.test(key)) return `${value.toLocaleString('en')} token${value === 1 ? '' : 's'}`;
    return value.toLocaleString('en');
  }
  if (typeof value === 'string') {
    if (isoDate.test(value)) return timeText(value, timeZone);
    const text = value.includes('<') ? value.replace(/<[^>]*>/g, ' ') : value;
    const words = text.replace(/\s+/g, ' ').trim();
    return words.length > 140 ? `${words.slice(0, 139)}…` : words || '—';
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return value.length ? value.map((v) => valueInWords(key, v, currency, timeZone)).join(', ') : '—';
    return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  }
  const o = value as Record<string, unknown>;
  if (typeof o.width === 'number' && typeof o.height === 'number' && !o.name) return `a picture, ${o.width} × ${o.height}`;
  if (typeof o.name === 'string') return o.name;
  if (typeof o.title === 'string') return o.title;
  return Object.keys(o).length ? 'set' : '—';
}

function labelsOf(resource: AdminResource | null): Map<string, string> {
  const labels = new Map<string, string>();
  if (!resource) return labels;
  for (const c of resource.columns) labels.set(c.key, c.label);
  for (const f of fieldsOf(resource.body)) labels.set(f.name, f.label);
  return labels;
}

/** The name of what an entry is about: the item's title or name, a mail's title, a setting's words. */
function itemOf(entry: AuditEntry, resource: AdminResource | null): string | null {
  if (entry.resource === 'mail-templates' && entry.targetId && isMailKey(entry.targetId)) return MAIL_KINDS[entry.targetId].title;
  const row = entry.after ?? entry.before ?? {};
  const named = resource ? row[resource.titleKey] : undefined;
  for (const v of [named, row.title, row.name, row.username, row.orderNumber, row.code])
    if (typeof v === 'string' && v.trim()) return v.length > 80 ? `${v.slice(0, 79)}…` : v;
  return null;
}

/**
 * An audit entry as words: the verb and the kind of item ("changed the video"), the item's name and page, and each
 * field that changed with its label, before → after (a creation lists what it was made with; a deletion nothing).
 */
export function entryInWords(entry: AuditEntry, timeZone = 'UTC'): EntryInWords {
  const resource = adminResource(entry.resource);
  const noun =
    entry.resource === 'settings'
      ? 'the settings'
      : entry.resource === 'mail-templates'
        ? 'the mail'
        : `the ${resource?.singular.toLowerCase() ?? humanise(entry.resource).toLowerCase()}`;
  const verb = VERBS[entry.action];
  const doing = verb ? `${verb} ${noun}` : `${entry.action.replace(/-/g, ' ')} on ${noun}`;
  const labels = labelsOf(resource);
  const options = new Map(
    resource ? fieldsOf(resource.body).flatMap((f) => (f.options ? [[f.name, new Map(f.options.map((o) => [o.value, o.label]))]] : [])) : [],
  );
  const label = (key: string) => (entry.resource === 'settings' ? settingLabel(key) : (labels.get(key) ?? humanise(key)));
  const currency = (k: 'after' | 'before') => (typeof entry[k]?.currency === 'string' ? (entry[k]!.currency as string) : null);
  const money = currency('after') ?? currency('before');
  // A choice reads as its option's words (a category's "Shown with: Videos", not "video").
  const said = (key: string, value: unknown) => options.get(key)?.get(String(value)) ?? valueInWords(key, value, money, timeZone);
  const changes =
    entry.action === 'delete'
      ? []
      : [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
          .filter((key) => !HIDDEN.test(key) && JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]))
          .map((key) => ({
            label: label(key),
            before: entry.before ? said(key, entry.before[key]) : '—',
            after: entry.after ? said(key, entry.after[key]) : '—',
          }))
          .filter((c) => c.before !== '—' || c.after !== '—')
          // Two references read alike ("set", "1 chosen") when one replaced the other: say so.
          .map((c) => (c.before === c.after ? { ...c, after: `${c.after}, changed` } : c));
  const href =
    entry.resource === 'settings'
      ? '/admin/settings'
      : entry.resource === 'mail-templates' && entry.targetId
        ? `/admin/mails/${entry.targetId}`
        : resource && entry.targetId && entry.action !== 'delete'
          ? `/admin/${resource.name}/${entry.targetId}`
          : null;
  return { doing, item: itemOf(entry, resource), href, changes };
}
