import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AdminItem } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminSave, adminRemovals } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import { formErrors } from '../forms/validate.ts';

const RESOURCE = 'blocked-countries';

interface Props {
  blocked: AdminItem[];
  countries: { code: string; name: string }[];
}

/** The country block list: block a country from a list, unblock one with its button; each applies at once everywhere. */
export default function CountryBlocks({ blocked: rendered, countries }: Props) {
  const [blocked, setBlocked] = useState(rendered);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const state = useStore($adminSave);
  const removals = useStore(adminRemovals.$states);
  const select = useRef<HTMLSelectElement>(null);
  const { errorOf, summary } = formErrors(state, missing, ['code']);
  const error = errorOf('code');
  const open = countries.filter((c) => !blocked.some((b) => b._id === c.code));

  async function block(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!code) {
      setMissing({ code: 'Country: choose one.' });
      return select.current?.focus();
    }
    setMissing({});
    const result = await $adminSave.run(RESOURCE, null, { code });
    if (!result.ok) return select.current?.focus();
    setBlocked((list) => [...list, result.data].sort((a, b) => String(a.name).localeCompare(String(b.name), 'en')));
    setCode('');
    showToast(`${String(result.data.name)} is blocked.`, 'success');
  }

  async function unblock(item: AdminItem) {
    const result = await adminRemovals.run(item._id, RESOURCE);
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    setBlocked((list) => list.filter((b) => b._id !== item._id));
    showToast(`${String(item.name)} is no longer blocked.`, 'success');
  }

  return (
    <div className="admin-countries" data-testid="country-blocks">
      {blocked.length ? (
        <ul className="admin-country-list" aria-label="Blocked countries">
          {blocked.map((c) => (
            <li key={c._id} data-testid="blocked-country">
              <span>
                {String(c.name)} <span className="muted">({c._id})</span>
              </span>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={adminRemovals.of(removals, c._id).status === 'loading'}
                onClick={() => unblock(c)}
                aria-label={`Unblock ${String(c.name)}`}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="no-blocked-countries">
          No country is blocked.
        </p>
      )}
      <form method="post" className="admin-inline-form" onSubmit={block} noValidate>
        {summary && (
          <div className="alert alert-error" role="alert">
            {summary}
          </div>
        )}
        <div className="field">
          <label htmlFor="block-country">Block a country</label>
          <select
            id="block-country"
            ref={select}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'block-country-error' : undefined}
          >
            <option value="">Choose a country</option>
            {open.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {error && (
            <small id="block-country-error" className="field-error">
              {error}
            </small>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={state.status === 'loading'} data-testid="block-country-submit">
          Block
        </button>
      </form>
    </div>
  );
}
