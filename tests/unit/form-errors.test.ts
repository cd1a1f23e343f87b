import { describe, expect, it } from 'vitest';
import { checkFields, formErrors } from '../../src/islands/forms/validate.ts';
import type { ApiFailure } from '../../src/shared/contracts/errors.ts';

describe('form errors: each problem said once, under its field when it has one', () => {
  it('checks in the browser in plain words: required, e-mail shape, length, the same twice', () => {
    const rules = [
      { name: 'email', what: 'your e-mail address', required: true, email: true },
      { name: 'password', what: 'a password', required: true, minLength: 8 },
      { name: 'confirm', what: 'it again', required: true, sameAs: { name: 'password', message: 'Type the same password twice.' } },
    ];
    expect(checkFields({ email: '', password: 'short', confirm: 'shorter' }, rules)).toEqual({
      email: 'Enter your e-mail address.',
      password: 'Use at least 8 characters for a password.',
      confirm: 'Type the same password twice.',
    });
    expect(checkFields({ email: 'ann@example', password: 'long enough', confirm: 'long enough' }, rules)).toEqual({
      email: 'Enter an e-mail address like name@example.com.',
    });
  });

  const refused = (failure: ApiFailure) => ({ status: 'error' as const, error: failure });

  it("puts a 400's sentences under their fields (by the API's names) and says nothing above the form", () => {
    const failure: ApiFailure = {
      kind: 'server',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Current password: fill this in. Phone: use the international format.',
      fields: { currentPassword: 'Current password: fill this in.', phone: 'Phone: use the international format.' },
    };
    const { errorOf, summary } = formErrors(refused(failure), {}, ['current', 'phone', 'name'], { current: 'currentPassword' });
    expect(errorOf('current')).toBe('Current password: fill this in.');
    expect(errorOf('phone')).toBe('Phone: use the international format.');
    expect(errorOf('name')).toBeNull();
    expect(summary).toBeNull();
  });

  it("puts a field's code under that field, the browser's own check first", () => {
    const taken: ApiFailure = { kind: 'server', status: 409, code: 'USERNAME_TAKEN', message: 'That username is taken.' };
    expect(formErrors(refused(taken), {}, ['username', 'email']).errorOf('username')).toBe('That username is taken.');
    expect(formErrors(refused(taken), { username: 'Enter a username.' }, ['username']).errorOf('username')).toBe('Enter a username.');
  });

  it('says a refusal about no field above the form, in the one way messages are made', () => {
    const broke: ApiFailure = { kind: 'server', status: 422, code: 'INSUFFICIENT_BALANCE', message: 'You have an insufficient token balance. Please top up.' };
    expect(formErrors(refused(broke), {}, ['userNote']).summary).toBe('You have an insufficient token balance. Please top up.');
    const offline: ApiFailure = { kind: 'network', status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' };
    expect(formErrors(refused(offline), {}, ['userNote']).summary).toBe('Error occured, please try again later');
    expect(formErrors({ status: 'idle' }, {}, ['userNote']).summary).toBeNull();
  });
});
