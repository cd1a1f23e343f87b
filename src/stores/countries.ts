import { client } from '../client/api.ts';
import * as accountsCalls from '../shared/calls/accounts.ts';
import { payload, requestStore } from './request.ts';

/** The countries an address may be in (ISO 3166-1 alpha-2 and English name, by name); the browser keeps the answer a day. */
export const $countries = requestStore(() => payload(accountsCalls.countries(client())));

/** Asks for them once per page (and again after a failure). */
export function loadCountries(): void {
  const { status } = $countries.get();
  if (status === 'idle' || status === 'error') void $countries.run();
}
