import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import type { RequestState } from '../../stores/request.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors, type FieldRule } from '../forms/validate.ts';
import Captcha from './Captcha.tsx';

export interface FieldSpec extends Omit<FieldRule, 'name'> {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'textarea';
  defaultValue?: string;
  autoComplete?: string;
  hint?: string;
  /** Kept in lower case (usernames): capitals typed become small at once, and the field says so. */
  lowerCase?: boolean;
}

interface Props {
  fields: FieldSpec[];
  submitLabel: string;
  busyLabel: string;
  /** Setting `recaptchaSiteKey` (empty: no captcha). */
  siteKey?: string;
  /** The store of the request the form sends (its state drives the button, the error and the success panel). */
  state: ReadableAtom<RequestState<{ message: string }>>;
  onSubmit: (values: Record<string, string>, captcha: string | undefined) => Promise<unknown>;
  /** What to show instead of the form once it succeeded. */
  done?: (message: string) => ReactNode;
}

/**
 * The auth and contact forms: labelled fields checked in the browser first (each problem said under its field, in
 * plain words), the server's refusal under the field it is about or above the form, optional captcha, then a success panel.
 */
export default function AccountForm({ fields, submitLabel, busyLabel, siteKey = '', state: store, onSubmit, done }: Props) {
  const state = useStore(store);
  const form = useRef<HTMLFormElement>(null);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [lowered, setLowered] = useState<Record<string, string>>({});
  const busy = state.status === 'loading';
  const { errorOf, summary } = formErrors(
    state,
    invalid,
    fields.map((f) => f.name),
  );

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v)]));
    const problems = checkFields(values, fields);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    await onSubmit(values, captcha ?? undefined);
    focusFirstError(form.current);
  }

  /** A lower-case field's capitals made small where they were typed, and the field's hint saying so. */
  function lower(name: string, input: HTMLInputElement) {
    const typed = input.value;
    if (typed === typed.toLowerCase()) return;
    const [start, end] = [input.selectionStart, input.selectionEnd];
    input.value = typed.toLowerCase();
    input.setSelectionRange(start, end);
    setLowered((all) => ({ ...all, [name]: `Usernames are lower case: “${typed.trim()}” is kept as “${input.value.trim()}”.` }));
  }

  if (state.status === 'ok')
    return (
      <div className="alert alert-success" role="status" data-testid="form-success">
        {done ? done(state.data.message) : state.data.message}
      </div>
    );
  return (
    <form method="post" ref={form} onSubmit={submit} noValidate>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      {fields.map((f) =>
        f.type === 'textarea' ? (
          <Field
            key={f.name}
            textarea
            name={f.name}
            label={f.label}
            hint={f.hint}
            error={errorOf(f.name)}
            rows={6}
            defaultValue={f.defaultValue}
            maxLength={5000}
          />
        ) : (
          <Field
            key={f.name}
            name={f.name}
            label={f.label}
            hint={lowered[f.name] ?? f.hint}
            error={errorOf(f.name)}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            defaultValue={f.defaultValue}
            {...(f.lowerCase ? { autoCapitalize: 'none', spellCheck: false, onInput: (e) => lower(f.name, e.currentTarget) } : {})}
          />
        ),
      )}
      <Captcha siteKey={siteKey} onToken={setCaptcha} />
      <button className="btn btn-primary btn-block" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
