import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { fieldsOf, type AdminAction, type AdminItem, type AdminMedia } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminUploads, adminActions } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import Field from '../forms/Field.tsx';
import RichField, { RICH_KINDS } from './RichField.tsx';

interface Props {
  resource: string;
  item: AdminItem;
  actions: AdminAction[];
  /** The item as the verb left it (the form shows it). */
  onDone: (item: AdminItem) => void;
}

/** The verbs of one item (ship, ban, refund…): a button each, with the verb's own fields when it has some. */
export default function ItemActions({ resource, item, actions, onDone }: Props) {
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
}: {
  resource: string;
  item: AdminItem;
  action: AdminAction;
  busy: boolean;
  onDone: (item: AdminItem) => void;
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
            return value ? [[f.name, f.kind === 'number' ? Number(value) : value]] : [];
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
      {fields.map((f) =>
        RICH_KINDS.has(f.kind) ? (
          <RichField
            key={f.name}
            field={f}
            id={idOf(f.name)}
            label={f.required ? f.label : `${f.label} (optional)`}
            error={error?.field === f.name ? error.message : null}
            value={(values[f.name] as AdminMedia[] | undefined) ?? []}
            onChange={(v) => setValues((all) => ({ ...all, [f.name]: v as AdminMedia[] }))}
          />
        ) : (
          <Field
            key={f.name}
            name={f.name}
            id={idOf(f.name)}
            label={f.required ? f.label : `${f.label} (optional)`}
            hint={f.hint}
            maxLength={f.maxLength}
            type={f.kind === 'number' ? 'number' : 'text'}
            value={String(values[f.name] ?? '')}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            error={error?.field === f.name ? error.message : null}
          />
        ),
      )}
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
