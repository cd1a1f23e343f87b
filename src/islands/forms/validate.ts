import type { ApiFailure, ServerErrorCode } from '../../shared/contracts/errors.ts';

/** What a field must hold, checked in the browser before anything is sent (the server checks again). */
export interface FieldRule {
  name: string;
  /** How the messages name it: "your e-mail address", "a title". */
  what: string;
  required?: boolean;
  email?: boolean;
  minLength?: number;
  /** Must equal another field (a password typed twice). */
  sameAs?: { name: string; message: string };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Plain-words problems with the values, by field name (empty when all is well). */
export function checkFields(values: Record<string, string>, rules: FieldRule[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of rules) {
    const value = (values[rule.name] ?? '').trim();
    if (rule.required && !value) errors[rule.name] = `Enter ${rule.what}.`;
    else if (rule.email && value && !EMAIL.test(value)) errors[rule.name] = 'Enter an e-mail address like name@example.com.';
    else if (rule.minLength && value && [...value].length < rule.minLength) errors[rule.name] = `Use at least ${rule.minLength} characters for ${rule.what}.`;
    else if (rule.sameAs && values[rule.name] !== values[rule.sameAs.name]) errors[rule.name] = rule.sameAs.message;
  }
  return errors;
}

/** The server's codes that are about one field, and which. */
const FIELD_OF: Partial<Record<ServerErrorCode | 'HTTP_ERROR', string>> = {
  WEAK_PASSWORD: 'password',
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  WRONG_PASSWORD: 'current',
  CAPTCHA_FAILED: 'captcha',
};

/** The field a refusal is about, when it is about one the form has. */
export function fieldOfFailure(failure: ApiFailure, names: string[]): string | null {
  const field = failure.kind === 'server' ? FIELD_OF[failure.code] : undefined;
  return field && names.includes(field) ? field : null;
}

/** Moves focus to the first field with an error (after the render that marks it). */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
}
