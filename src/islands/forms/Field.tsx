import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

type Common = {
  /** The form field's name, also its element id unless `id` says otherwise (no spaces either way). */
  name: string;
  label: string;
  id?: string;
  /** Said under the field at all times (a policy, a format). */
  hint?: string;
  /** What is wrong and what to do, in plain words; marks the field invalid and is read with it. */
  error?: string | null;
};
type Props =
  (Common & { textarea?: false } & InputHTMLAttributes<HTMLInputElement>) | (Common & { textarea: true } & TextareaHTMLAttributes<HTMLTextAreaElement>);

/** A labelled input (or textarea) with its hint and error tied to it by `aria-describedby` and `aria-invalid`. */
export default function Field(props: Props) {
  const { name, label, hint, error, textarea, id = name, ...rest } = props;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {textarea ? (
        <textarea id={id} name={name} {...aria} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input id={id} name={name} {...aria} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {error && (
        <small id={errorId!} className="field-error">
          {error}
        </small>
      )}
      {hint && (
        <small id={hintId!} className="muted">
          {hint}
        </small>
      )}
    </div>
  );
}
