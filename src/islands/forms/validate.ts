import { messageOf, type ApiFailure, type ServerErrorCode } from '../../shared/contracts/errors.ts';
import type { RequestState } from '../../stores/request.ts';

/** What a field must hold, checked in the browser before anything is sent (the server checks again). */
export interface FieldRule {
  name: string;
  /** How the messages name it: "your e-mail address", "a title". */
  what: string;
  required?: boolean;
  /** What to say when a required field is empty (default: "Enter <what>."). */
  missing?: string;
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
    if (rule.required && !value) errors[rule.name] = rule.missing ?? `Enter ${rule.what}.`;
    else if (rule.email && value && !EMAIL.test(value)) errors[rule.name] = 'Enter an e-mail address like name@example.com.';
    else if (rule.minLength && value && [...value].length < rule.minLength) errors[rule.name] = `Use at least ${rule.minLength} characters for ${rule.what}.`;
    else if (rule.sameAs && values[rule.name] !== values[rule.sameAs.name]) errors[rule.name] = rule.sameAs.message;
  }
  return errors;
}

/** The server's codes that are about one field, and which (by its name in the API). */
const FIELD_OF: Partial<Record<ServerErrorCode | 'HTTP_ERROR', string>> = {
  WEAK_PASSWORD: 'password',
  EMAIL_TAKEN: 'email',
  USERNAME_TAKEN: 'username',
  WRONG_PASSWORD: 'currentPassword',
};

/**
 * What a refusal says about the form's fields, by the form's names: a 400's sentence for each failing field, and the
 * message of a code that is about one field. `apiName` maps a form's name to the API's where they differ.
 */
export function fieldErrorsOf(failure: ApiFailure, names: string[], apiName: Record<string, string> = {}): Record<string, string> {
  if (failure.kind !== 'server') return {};
  const errors: Record<string, string> = {};
  for (const name of names) {
    const key = apiName[name] ?? name;
    const sentence = failure.fields?.[key] ?? (FIELD_OF[failure.code] === key ? failure.message : undefined);
    if (sentence) errors[name] = sentence;
  }
  return errors;
}

/** Moves focus to the first field with an error (after the render that marks it). */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
}

/**
 * The errors a form shows: under each field, the browser's own check first, then the server's; above the form, the
 * refusal's message when it is about none of its fields (each problem is said once, in one place).
 */
export function formErrors(state: RequestState<unknown>, local: Record<string, string>, names: string[], apiName?: Record<string, string>) {
  const server = state.status === 'error' ? fieldErrorsOf(state.error, names, apiName) : {};
  return {
    errorOf: (name: string): string | null => local[name] ?? server[name] ?? null,
    summary: state.status === 'error' && !Object.keys(server).length ? messageOf(state.error) : null,
  };
}
