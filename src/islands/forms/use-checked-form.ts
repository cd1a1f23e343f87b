import { useRef, useState, type SubmitEvent } from 'react';
import type { RequestState } from '../../stores/request.ts';
import { checkFields, focusFirstError, formErrors, type FieldRule } from './validate.ts';

/**
 * A form checked in the browser before anything is sent: on submit its values by name meet `rules` (problems said at
 * their fields, the first one focused), then `send` runs; a refusal is said at its fields too (or above the form) and
 * focused the same way. `names`: the fields the server's refusals may be about (the rules' by default).
 */
export function useCheckedForm(state: RequestState<unknown>, rules: FieldRule[], opts: { names?: string[]; apiName?: Record<string, string> } = {}) {
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const { errorOf, summary } = formErrors(state, invalid, opts.names ?? rules.map((r) => r.name), opts.apiName);
  const onSubmit = (send: (values: Record<string, string>, el: HTMLFormElement) => Promise<{ ok: boolean }>) => async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const values = Object.fromEntries([...new FormData(el)].map(([k, v]) => [k, String(v)]));
    const problems = checkFields(values, rules);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    if (!(await send(values, el)).ok) focusFirstError(form.current);
  };
  return { form, errorOf, summary, busy: state.status === 'loading', onSubmit };
}
