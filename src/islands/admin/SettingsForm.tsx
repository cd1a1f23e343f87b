import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { SETTINGS_SECTIONS, settingField, type AdminSettings, type SettingKey } from '../../shared/admin/settings.ts';
import type { Field as FieldSpec } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminSettingsSave } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';
import ImageSetting from './ImageSetting.tsx';
import { useUnsavedWarning } from '../use-unsaved-warning.ts';

interface Props {
  settings: AdminSettings;
}

type Values = Record<string, string | boolean>;
const KEYS = SETTINGS_SECTIONS.flatMap((s) => s.keys);
const FIELDS = KEYS.map(settingField);

const valuesOf = (settings: AdminSettings): Values =>
  Object.fromEntries(FIELDS.map((f) => [f.name, f.kind === 'boolean' ? Boolean(settings.values[f.name]) : String(settings.values[f.name] ?? '')]));

/** Only what changed, typed as the API wants it (numbers as numbers). */
function patchOf(values: Values, saved: Values): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const value = values[f.name]!;
    if (value === saved[f.name]) continue;
    patch[f.name] = f.kind === 'number' ? Number(value) : value;
  }
  return patch;
}

/**
 * Every site setting in one form, in sections: the browser checks what it can, the server's sentences land under
 * their fields, nothing is saved while any field is refused, and a warning stops the operator leaving unsaved changes.
 * Pictures upload on their own (with progress) and apply at once. A saved change shows on the site's next page.
 */
export default function SettingsForm({ settings }: Props) {
  const [saved, setSaved] = useState<Values>(() => valuesOf(settings));
  const [values, setValues] = useState<Values>(saved);
  const [secretsSet, setSecretsSet] = useState(settings.secretsSet);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const state = useStore($adminSettingsSave);
  const form = useRef<HTMLFormElement>(null);
  const dirty = FIELDS.some((f) => values[f.name] !== saved[f.name]);
  const { errorOf, summary } = formErrors(state, invalid, KEYS);

  useUnsavedWarning(dirty);

  /** A save or an upload came back: what the server holds now is the saved state; the operator's other edits stay. */
  function took(next: AdminSettings, keys: string[]) {
    const now = valuesOf(next);
    setSaved(now);
    setSecretsSet(next.secretsSet);
    setValues((v) => ({ ...v, ...Object.fromEntries(keys.map((k) => [k, now[k]!])) }));
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const text = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
    const problems = checkFields(text, [
      { name: 'siteName', what: 'the site name', required: true, missing: 'Site name: fill this in.' },
      { name: 'currencySymbol', what: 'the currency symbol', required: true, missing: 'Currency symbol: fill this in.' },
      { name: 'adminEmail', what: 'the admin e-mail', email: true },
    ]);
    if (!/^[A-Z]{3}$/.test(String(values.currency))) problems.currency = 'Currency: three capital letters, e.g. USD.';
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const patch = patchOf(values, saved);
    if (!Object.keys(patch).length) return showToast('Nothing to save.', 'info');
    const result = await $adminSettingsSave.run(patch);
    if (!result.ok) return focusFirstError(form.current);
    took(result.data, KEYS);
    showToast('Settings saved. The site shows them from its next page.', 'success');
  }

  async function removeSecret(key: SettingKey) {
    if (!confirm(`Remove the ${settingField(key).label}?`)) return;
    const result = await $adminSettingsSave.run({ [key]: '' });
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    took(result.data, [key]);
    showToast(`The ${settingField(key).label} is removed.`, 'success');
  }

  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
  const busy = state.status === 'loading';

  function control(f: FieldSpec) {
    const id = `setting-${f.name}`;
    const common = { name: f.name, id, label: f.label, hint: f.hint, error: errorOf(f.name) };
    const value = String(values[f.name]);
    switch (f.kind) {
      case 'boolean':
        return (
          <div key={f.name} className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                id={id}
                name={f.name}
                checked={Boolean(values[f.name])}
                onChange={(e) => set(f.name, e.target.checked)}
                aria-describedby={f.hint ? `${id}-hint` : undefined}
              />{' '}
              {f.label}
            </label>
            {f.hint && (
              <small id={`${id}-hint`} className="muted">
                {f.hint}
              </small>
            )}
          </div>
        );
      case 'image':
        return (
          <ImageSetting
            key={f.name}
            field={f}
            id={id}
            value={value}
            error={errorOf(f.name)}
            onChange={(v) => set(f.name, v)}
            onUploaded={(next) => took(next, [f.name])}
          />
        );
      case 'select':
        return (
          <div key={f.name} className="field">
            <label htmlFor={id}>{f.label}</label>
            <select id={id} name={f.name} value={value} onChange={(e) => set(f.name, e.target.value)} aria-describedby={f.hint ? `${id}-hint` : undefined}>
              {(f.options ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {f.hint && (
              <small id={`${id}-hint`} className="muted">
                {f.hint}
              </small>
            )}
          </div>
        );
      case 'textarea':
        return <Field key={f.name} {...common} textarea rows={4} maxLength={f.maxLength} value={value} onChange={(e) => set(f.name, e.target.value)} />;
      case 'secret':
        return (
          <div key={f.name} className="admin-secret">
            <Field
              {...common}
              type="password"
              autoComplete="new-password"
              placeholder={secretsSet[f.name] ? 'Set: type a new one to replace it' : 'Not set'}
              value={value}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {secretsSet[f.name] && (
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => removeSecret(f.name as SettingKey)}>
                Remove the secret
              </button>
            )}
          </div>
        );
      default:
        return (
          <Field
            key={f.name}
            {...common}
            type={f.kind === 'number' ? 'number' : f.kind === 'email' ? 'email' : 'text'}
            step={f.kind === 'number' ? 'any' : undefined}
            min={f.min}
            max={f.max}
            maxLength={f.maxLength}
            value={value}
            onChange={(e) => set(f.name, e.target.value)}
          />
        );
    }
  }

  return (
    <form ref={form} method="post" className="admin-settings" onSubmit={submit} noValidate data-dirty={dirty || undefined} data-testid="settings-form">
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      {SETTINGS_SECTIONS.map((section) => (
        <section key={section.id} className="panel admin-section" aria-labelledby={`settings-${section.id}`}>
          <h2 id={`settings-${section.id}`}>{section.title}</h2>
          <div className="admin-fields">{section.keys.map((key) => control(settingField(key)))}</div>
        </section>
      ))}
      <div className="actions admin-save-bar">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="settings-save">
          {busy ? 'Saving…' : 'Save settings'}
        </button>
        {dirty && <span className="muted">Unsaved changes</span>}
      </div>
    </form>
  );
}
