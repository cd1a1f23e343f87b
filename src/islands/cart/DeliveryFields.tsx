import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $countries, loadCountries } from '../../stores/countries.ts';
import Field from '../forms/Field.tsx';

/** Who and where a parcel goes, as the member's profile says it when it does (they may change both). */
export interface Recipient {
  name: string;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
}

export const DELIVERY_RULES = [
  { name: 'recipientName', what: 'the name of the person who receives the parcel', required: true },
  { name: 'deliveryAddress', what: 'the delivery address', required: true, minLength: 5 },
  { name: 'postalCode', what: 'the postal code', required: true },
  { name: 'country', what: 'the country', required: true, missing: 'Choose the country of the address.' },
  { name: 'phoneNumber', what: 'a phone number for the courier', required: true },
];

/** The delivery fieldset of a physical checkout: recipient, address (its lines kept), postal code, country, phone. */
export default function DeliveryFields({ recipient, errorOf }: { recipient: Recipient; errorOf: (name: string) => string | null }) {
  const countries = useStore($countries);
  useEffect(loadCountries, []);
  const options = countries.data ?? [];
  const error = errorOf('country') ?? (countries.status === 'error' ? 'The list of countries did not load: open it again to retry.' : null);
  return (
    <fieldset>
      <legend>Delivery</legend>
      <Field
        name="recipientName"
        label="Recipient's name"
        autoComplete="shipping name"
        maxLength={100}
        defaultValue={recipient.name}
        error={errorOf('recipientName')}
      />
      <Field
        textarea
        name="deliveryAddress"
        label="Address"
        rows={3}
        maxLength={500}
        autoComplete="shipping street-address"
        hint="Street and number, then the city, on as many lines as it takes."
        error={errorOf('deliveryAddress')}
      />
      <Field name="postalCode" label="Postal code" autoComplete="shipping postal-code" error={errorOf('postalCode')} />
      <div className="field">
        <label htmlFor="country">Country</label>
        <select
          id="country"
          name="country"
          autoComplete="shipping country"
          // The member's country is chosen once the list is there (a new key applies the default to the new options).
          key={options.length}
          defaultValue={recipient.country ?? ''}
          aria-busy={countries.status === 'loading' || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'country-error' : undefined}
          onFocus={loadCountries}
        >
          <option value="">Choose a country…</option>
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {error && (
          <small id="country-error" className="field-error">
            {error}
          </small>
        )}
      </div>
      <Field name="phoneNumber" label="Phone" type="tel" autoComplete="shipping tel" error={errorOf('phoneNumber')} />
    </fieldset>
  );
}
