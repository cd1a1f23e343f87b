import { lazy, Suspense, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { adminResource } from '../../shared/admin/resources/index.ts';
import { fieldsOf, offers, type AdminItem, type AdminMedia, type Choice, type Field as FieldSpec } from '../../shared/admin/resource.ts';
import ItemActions from './ItemActions.tsx';
import { fromWallTime, timeText, wallTime, zoneHint } from '../../shared/time-zone.ts';
import OrderDetails from './OrderDetails.tsx';
import MediaStatus from './MediaStatus.tsx';
import RichField, { RICH_KINDS } from './RichField.tsx';
import { messageOf } from '../../shared/contracts/errors.ts';
import { navigation } from '../../client/navigation.ts';
import { $adminSave, $adminUploads, adminRemovals } from '../../stores/admin.ts';
import { flashToast, showToast } from '../../stores/toast.ts';
import { keepUndo } from '../../stores/admin-trash.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';
import { useUnsavedWarning } from '../use-unsaved-warning.ts';
import { useHydrated } from '../use-hydrated.ts';
import { draftKey, forgetDrafts } from './rich-text/drafts.ts';
import PreviewButton from './PreviewButton.tsx';
import { PREVIEWED_RESOURCES } from '../../shared/rich-text.ts';

/** The rich-text editor (Lexical) loads with the first form that has an `html` field, not with the back office. */
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

interface Props {
  resource: string;
  /** The item to change, or null for a new one. */
  item: AdminItem | null;
  /** The options of its `choices` fields, by field (the page loads them). */
  choices?: Record<string, Choice[]>;
  /** The site's time zone (setting `timeZone`): times are shown and typed in it. */
  timeZone?: string;
}

type Value = string | boolean | string[] | AdminMedia[];
type Values = Record<string, Value>;

/** Whether two values of a field are the same (lists by their items: choices, or files by reference). */
const same = (a: Value | undefined, b: Value | undefined) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x, i) => (typeof x === 'string' ? x === b[i] : x.ref === (b[i] as AdminMedia).ref))
    : a === b;

/** The form's values of an item: text for inputs, a flag for checkboxes, lists for choices and files, '' for nothing. */
const valuesOf = (fields: FieldSpec[], item: AdminItem | null, timeZone: string): Values =>
  Object.fromEntries(
    fields.map((f) => {
      const value = item ? item[f.name] : f.initial;
      if (f.kind === 'choices' || f.kind === 'images') return [f.name, Array.isArray(value) ? value : []];
      if (f.kind === 'image' || f.kind === 'file') return [f.name, value && typeof value === 'object' ? [value as AdminMedia] : []];
      if (f.kind === 'boolean') return [f.name, Boolean(value)];
      if (value == null) return [f.name, ''];
      // datetime-local wants `YYYY-MM-DDTHH:mm`: the wall time in the site's time zone.
      return [f.name, f.kind === 'datetime' ? wallTime(String(value), timeZone) : String(value)];
    }),
  );

/** A field's value as a read-only record shows it: words, not a disabled input (times in the site's zone, said). */
function textOf(f: FieldSpec, value: Value | undefined, choices: Choice[] | undefined, timeZone: string): string {
  if (f.kind === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    const names = value.map((v) => (typeof v === 'string' ? (choices?.find((c) => c.value === v)?.label ?? v) : (v.name ?? v.ref)));
    return names.length ? names.join(', ') : '—';
  }
  if (value === undefined || value === '') return '—';
  if (f.kind === 'select') return (f.options ?? choices ?? []).find((o) => o.value === value)?.label ?? String(value);
  if (f.kind === 'datetime')
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(String(value)) ? timeText(fromWallTime(String(value), timeZone), timeZone) : String(value);
  return String(value);
}

/** What the API gets: numbers as numbers, empty optional fields left out (a change sends only what changed). */
function bodyOf(fields: FieldSpec[], values: Values, before: Values | null, timeZone: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.name]!;
    if (before && same(value, before[f.name])) continue;
    if (f.kind === 'choices') body[f.name] = value;
    else if (f.kind === 'images') body[f.name] = (value as AdminMedia[]).map((m) => m.ref);
    else if (f.kind === 'image' || f.kind === 'file') {
      const ref = (value as AdminMedia[])[0]?.ref ?? null;
      if (ref || before) body[f.name] = ref;
    } else if (f.kind === 'boolean') body[f.name] = value;
    else if (value === '' && !f.required && !before) continue;
    else if (f.kind === 'number') body[f.name] = value === '' ? undefined : Number(value);
    else if (f.kind === 'datetime') body[f.name] = value ? fromWallTime(String(value), timeZone) : null;
    else body[f.name] = value;
  }
  return body;
}

/**
 * A resource's form, made from its description: every field with its label, hint and error (the browser's checks
 * first, then the server's, under each field); a warning before leaving with unsaved changes; a preview link.
 */
export default function ResourceForm({ resource: name, item, choices = {}, timeZone = 'UTC' }: Props) {
  const resource = adminResource(name)!;
  const fields = useMemo(() => fieldsOf(resource.body), [resource]);
  const [saved, setSaved] = useState<Values>(() => valuesOf(fields, item, timeZone));
  /** The item as the last verb left it (its actions depend on it). */
  const [current, setCurrent] = useState<AdminItem | null>(null);
  const [values, setValues] = useState<Values>(saved);
  /** Set when the form itself leaves the page (created, deleted): nothing is lost then. */
  const leaving = useRef(false);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const state = useStore($adminSave);
  const removal = adminRemovals.of(useStore(adminRemovals.$states), item?._id ?? '');
  const form = useRef<HTMLFormElement>(null);
  const uploading = Object.values(useStore($adminUploads)).some((u) => !u.error);
  const busy = state.status === 'loading' || removal.status === 'loading' || uploading;
  const dirty = fields.some((f) => !same(values[f.name], saved[f.name]));
  const { errorOf, summary } = formErrors(
    state,
    invalid,
    fields.map((f) => f.name),
  );
  // The public page of the item as last saved (a draft has none yet).
  const preview = item ? resource.publicPath?.(current ?? item) : null;

  useUnsavedWarning(dirty, leaving);
  /** The rich-text editor is the browser's only (the server draws its text box, read-only, until it loads). */
  const inBrowser = useHydrated();

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    // Lists count as filled when they hold something.
    const text = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? (v.length ? 'x' : '') : String(v)]));
    const problems = checkFields(
      text,
      fields
        .filter((f) => f.kind !== 'boolean')
        .map((f) => ({
          name: f.name,
          what: f.label,
          required: f.required,
          missing: `${f.label}: ${f.kind === 'select' || f.kind === 'choices' ? 'choose one' : RICH_KINDS.has(f.kind) ? 'add one' : 'fill this in'}.`,
        })),
    );
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $adminSave.run(name, item?._id ?? null, bodyOf(fields, values, item ? saved : null, timeZone));
    if (!result.ok) return focusFirstError(form.current);
    const now = valuesOf(fields, result.data, timeZone);
    forgetDrafts(name, item?._id ?? null);
    setSaved(now);
    setValues(now);
    setCurrent(result.data);
    if (item) showToast(`The ${resource.singular} is saved.`, 'success');
    else {
      leaving.current = true;
      flashToast(`The ${resource.singular} is created.`, 'success');
      navigation.go(`/admin/${name}/${result.data._id}`);
    }
  }

  async function remove() {
    if (!item || !confirm(resource.trash ? `Move this ${resource.singular} to the trash?` : `Delete this ${resource.singular}?`)) return;
    const result = await adminRemovals.run(item._id, name);
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    leaving.current = true;
    // In the trash: the list it goes to offers it back (Undo).
    const title = String(item[resource.titleKey] ?? '') || `The ${resource.singular}`;
    if (!resource.trash || !keepUndo(name, [item._id], `"${title}" is in the trash.`)) flashToast(`The ${resource.singular} is deleted.`, 'success');
    navigation.go(`/admin/${name}`);
  }

  const set = (field: string, value: Value) => setValues((v) => ({ ...v, [field]: value }));
  const editable = item ? offers(resource, 'update') : offers(resource, 'create');
  return (
    <>
      {item && resource.panel === 'order' && <OrderDetails item={current ?? item} timeZone={timeZone} />}
      {item && resource.panel === 'media' && (
        <MediaStatus
          item={current ?? item}
          onChange={(news) =>
            setCurrent((c) => ({ ...(c ?? item), mediaState: news.state, mediaProgress: news.progress, mediaStep: news.step, mediaError: news.error }))
          }
        />
      )}
      {item && resource.actions && (
        <ItemActions
          resource={name}
          timeZone={timeZone}
          item={current ?? item}
          actions={resource.actions}
          onDone={(next) => {
            setCurrent(next);
            const now = valuesOf(fields, next, timeZone);
            setSaved(now);
            setValues(now);
          }}
        />
      )}
      {item && !editable && fields.length > 0 && (
        <section className="panel admin-form" aria-label={`The ${resource.singular}`} data-testid="admin-record-text">
          <dl className="admin-readonly">
            {fields.map((f) => (
              <div key={f.name}>
                <dt>{f.label}</dt>
                <dd data-field={f.name}>{textOf(f, values[f.name], choices[f.name], timeZone)}</dd>
              </div>
            ))}
          </dl>
          {(preview || offers(resource, 'delete')) && (
            <p className="actions">
              {preview && (
                <a className="btn btn-ghost" href={preview} target="_blank" rel="noopener">
                  View on the site
                </a>
              )}
              {offers(resource, 'delete') && (
                <button type="button" className="btn btn-ghost text-danger" disabled={busy} onClick={remove}>
                  Delete
                </button>
              )}
            </p>
          )}
        </section>
      )}
      {editable && (
        <form ref={form} method="post" className="panel admin-form" onSubmit={submit} noValidate data-dirty={dirty || undefined}>
          <fieldset className="admin-fields">
            <legend className="visually-hidden">{resource.singular}</legend>
            {summary && (
              <div className="alert alert-error" role="alert">
                {summary}
              </div>
            )}
            {fields.map((f) => {
              const common = {
                name: f.name,
                id: `field-${f.name}`,
                label: f.required ? f.label : `${f.label} (optional)`,
                hint: f.hint,
                error: errorOf(f.name),
              };
              if (RICH_KINDS.has(f.kind))
                return (
                  <RichField
                    key={f.name}
                    field={f}
                    id={common.id}
                    label={common.label}
                    error={common.error}
                    value={values[f.name] as string[] | AdminMedia[]}
                    onChange={(v) => set(f.name, v)}
                    choices={choices[f.name]}
                  />
                );
              if (f.kind === 'boolean')
                return (
                  <label key={f.name} className="checkbox">
                    <input type="checkbox" name={f.name} checked={Boolean(values[f.name])} onChange={(e) => set(f.name, e.target.checked)} /> {f.label}
                  </label>
                );
              if (f.kind === 'select')
                return (
                  <div key={f.name} className="field">
                    <label htmlFor={common.id}>{common.label}</label>
                    <select
                      id={common.id}
                      name={f.name}
                      value={String(values[f.name])}
                      onChange={(e) => set(f.name, e.target.value)}
                      aria-invalid={common.error ? true : undefined}
                      aria-describedby={common.error ? `${common.id}-error` : undefined}
                    >
                      {!f.required || !values[f.name] ? <option value="">—</option> : null}
                      {(f.options ?? choices[f.name] ?? []).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                    {common.error && (
                      <small id={`${common.id}-error`} className="field-error">
                        {common.error}
                      </small>
                    )}
                  </div>
                );
              if (f.kind === 'html') {
                const loading = <Field key={f.name} {...common} textarea rows={14} value={String(values[f.name])} readOnly aria-busy />;
                if (!inBrowser) return loading;
                return (
                  <Suspense key={f.name} fallback={loading}>
                    <RichTextEditor
                      {...common}
                      hint={f.hint}
                      value={String(values[f.name])}
                      onChange={(html) => set(f.name, html)}
                      draftKey={draftKey(name, item?._id ?? null, f.name)}
                      timeText={(iso) => timeText(iso, timeZone)}
                    />
                  </Suspense>
                );
              }
              if (f.kind === 'textarea')
                return (
                  <Field
                    key={f.name}
                    {...common}
                    textarea
                    rows={5}
                    maxLength={f.maxLength}
                    value={String(values[f.name])}
                    onChange={(e) => set(f.name, e.target.value)}
                  />
                );
              return (
                <Field
                  key={f.name}
                  {...common}
                  type={f.kind === 'number' ? 'number' : f.kind === 'datetime' ? 'datetime-local' : 'text'}
                  {...(f.kind === 'datetime' ? { hint: zoneHint(f.hint, timeZone) } : {})}
                  min={f.min}
                  max={f.max}
                  maxLength={f.maxLength}
                  value={String(values[f.name])}
                  onChange={(e) => set(f.name, e.target.value)}
                />
              );
            })}
          </fieldset>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={state.status === 'loading'} data-testid="admin-save">
              {state.status === 'loading' ? 'Saving…' : item ? 'Save changes' : `Create ${resource.singular}`}
            </button>
            {dirty && <span className="muted">Unsaved changes</span>}
            {item && PREVIEWED_RESOURCES.includes(name) && (
              <PreviewButton
                action={`/admin/${name}/${item._id}/preview`}
                fields={Object.fromEntries(['title', 'shortDescription', 'content'].filter((k) => k in values).map((k) => [k, String(values[k])]))}
              />
            )}
            {preview && (
              <a className="btn btn-ghost" href={preview} target="_blank" rel="noopener">
                View on the site
              </a>
            )}
            {item && offers(resource, 'delete') && (
              <button type="button" className="btn btn-ghost text-danger" disabled={busy} onClick={remove}>
                Delete
              </button>
            )}
          </div>
        </form>
      )}
    </>
  );
}
