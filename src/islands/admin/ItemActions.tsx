import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { fieldsOf, type AdminAction, type AdminItem, type AdminMedia } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminUploads, adminActions } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import Field from '../forms/Field.tsx';
import { fromWallTime, zoneHint } from '../../shared/time-zone.ts';
import RichField, { RICH_KINDS } from './RichField.tsx';

interface Props {
  resource: string;
  item: AdminItem;
  actions: AdminAction[];
  /** The item as the verb left it (the form shows it). */
  onDone: (item: AdminItem) => void;
  /** The site's time zone: a time field is typed in it. */
  timeZone?: string;
}

/** The verbs of one item (ship, ban, refund…): a button each, with the verb's own fields when it has some. */
export default function ItemActions({ resource, item, actions, onDone, timeZone = 'UTC' }: Props) {
  const states = useStore(adminActions.$states);
  // A verb waits for its files to be sent (their references are what it sends).
  const uploading = Object.values(useStore($adminUploads)).some((u) => !u.error);
  const usable = actions.filter((a) => a.when?.(item) ?? true);
  if (!usable.length) return null;
  return (
    <section className="panel admin-item-actions" aria-label="Actions">
      {usable.map((action) => (
        <ActionForm
          key={action.name}
          resource={resource}
          item={item}
          action={action}
          busy={adminActions.of(states, `${item._id}:${action.name}`).status === 'loading' || uploading}
          onDone={onDone}
          timeZone={timeZone}
        />
      ))}
    </section>
  );
}

function ActionForm({
  resource,
  item,
  action,
  busy,
  onDone,
  timeZone,
}: {
  resource: string;
  item: AdminItem;
  action: AdminAction;
  busy: boolean;
  onDone: (item: AdminItem) => void;
  timeZone: string;
}) {
  const fields = useMemo(() => (action.body ? fieldsOf(action.body) : []), [action]);
  const [values, setValues] = useState<Record<string, string | AdminMedia[]>>({});
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const idOf = (name: string) => `action-${action.name}-${name}`;
  return (
    <form
      method="post"
      className="admin-action"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        // A required field left empty is said at once, before anything is asked or sent.
        const empty = (value: string | AdminMedia[] | undefined) => (Array.isArray(value) ? value.length === 0 : !value?.trim());
        const missing = fields.find((f) => f.required && empty(values[f.name]));
        if (missing) {
          setError({
            field: missing.name,
            message: `${missing.label}: ${Array.isArray(values[missing.name]) || missing.kind === 'file' ? 'add one' : 'fill this in'}.`,
          });
          return document.getElementById(idOf(missing.name))?.focus();
        }
        if (action.confirm && !confirm(action.confirm)) return;
        // A file field sends its upload's reference; empty fields are left out (the server says what is missing).
        const body = Object.fromEntries(
          fields.flatMap((f) => {
            const value = values[f.name];
            if (Array.isArray(value)) return value[0] ? [[f.name, value[0].ref]] : [];
            if (!value) return [];
            // datetime-local gives `YYYY-MM-DDTHH:mm`, the wall time in the site's time zone (as ResourceForm sends it).
            return [[f.name, f.kind === 'number' ? Number(value) : f.kind === 'datetime' ? fromWallTime(value, timeZone) : value]];
          }),
        );
        const result = await adminActions.run(`${item._id}:${action.name}`, resource, item._id, action.name, body);
        if (!result.ok) {
          const field = fields.find((f) => result.error.kind === 'server' && result.error.fields?.[f.name])?.name ?? null;
          setError({ field, message: field && result.error.kind === 'server' ? result.error.fields![field]! : messageOf(result.error) });
          return;
        }
        setError(null);
        setValues({});
        showToast(`${action.label}: done.`, 'success');
        onDone(result.data);
      }}
    >
      {fields.map((f) => {
        const label = f.required ? f.label : `${f.label} (optional)`;
        const fieldError = error?.field === f.name ? error.message : null;
        const set = (value: string | AdminMedia[]) => setValues((v) => ({ ...v, [f.name]: value }));
        if (RICH_KINDS.has(f.kind))
          return (
            <RichField
              key={f.name}
              field={f}
              id={idOf(f.name)}
              label={label}
              error={fieldError}
              value={(values[f.name] as AdminMedia[] | undefined) ?? []}
              onChange={(v) => set(v as AdminMedia[])}
            />
          );
        if (f.kind === 'select')
          return (
            <div key={f.name} className="field">
              <label htmlFor={idOf(f.name)}>{label}</label>
              <select
                id={idOf(f.name)}
                name={f.name}
                value={String(values[f.name] ?? '')}
                onChange={(e) => set(e.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${idOf(f.name)}-error` : undefined}
              >
                <option value="">—</option>
                {(f.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              {fieldError && (
                <small id={`${idOf(f.name)}-error`} className="field-error">
                  {fieldError}
                </small>
              )}
            </div>
          );
        const hint = f.kind === 'datetime' ? zoneHint(f.hint, timeZone) : f.hint;
        const common = { name: f.name, id: idOf(f.name), label, hint, maxLength: f.maxLength, value: String(values[f.name] ?? ''), error: fieldError };
        if (f.kind === 'textarea') return <Field key={f.name} {...common} textarea rows={3} onChange={(e) => set(e.target.value)} />;
        const type = f.kind === 'number' ? 'number' : f.kind === 'datetime' ? 'datetime-local' : 'text';
        return <Field key={f.name} {...common} type={type} onChange={(e) => set(e.target.value)} />;
      })}
      {error && !error.field && (
        <p className="alert alert-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="btn" disabled={busy} aria-busy={busy} data-testid={`action-${action.name}`}>
        {action.label}
      </button>
    </form>
  );
}
