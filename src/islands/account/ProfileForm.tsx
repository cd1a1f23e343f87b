import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { CurrentUser } from '../../shared/contracts/users.ts';
import { refreshRegions } from '../../client/regions.ts';
import { $profile, $referenceLists } from '../../stores/accounts.ts';
import { showToast } from '../../stores/toast.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const RULES = [
  { name: 'name', what: 'your name', required: true },
  { name: 'username', what: 'a username', required: true, minLength: 3 },
];

/** Name, username, bio, country, language, phone, gender: saved together; the returned member replaces the stored one. */
export default function ProfileForm({ initial: user }: { initial: CurrentUser }) {
  const state = useStore($profile);
  const lists = useStore($referenceLists).data;
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading';
  const { errorOf, summary } = formErrors(state, invalid, ['name', 'username', 'country', 'language', 'phone', 'gender', 'bio']);
  useEffect(() => {
    if ($referenceLists.get().status === 'idle') void $referenceLists.run();
  }, []);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const value = (k: string) => String(f.get(k) ?? '');
    const orNull = (k: string) => value(k).trim() || null;
    const problems = checkFields({ name: value('name'), username: value('username') }, RULES);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $profile.run({
      name: value('name'),
      username: value('username'),
      bio: value('bio'),
      country: orNull('country'),
      language: orNull('language'),
      phone: orNull('phone'),
      gender: orNull('gender'),
    });
    if (!result.ok) return focusFirstError(form.current);
    showToast('Profile saved.', 'success');
    await refreshRegions(); // the card above the form shows the new name and username
  }

  const select = (name: 'country' | 'language' | 'gender', label: string, options: { value: string; text: string }[]) => (
    <div className="field">
      <label htmlFor={`profile-${name}`}>{label}</label>
      <select
        id={`profile-${name}`}
        name={name}
        defaultValue={user[name] ?? ''}
        key={`${name}-${options.length}`}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={errorOf(name) ? `profile-${name}-error` : undefined}
      >
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      {errorOf(name) && (
        <small id={`profile-${name}-error`} className="field-error">
          {errorOf(name)}
        </small>
      )}
    </div>
  );

  return (
    <form method="post" ref={form} onSubmit={submit} className="panel" aria-labelledby="profile-title" noValidate>
      <h2 id="profile-title">Profile</h2>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <div className="form-grid">
        <Field name="name" id="profile-name" label="Name" defaultValue={user.name} autoComplete="name" maxLength={100} error={errorOf('name')} />
        <Field
          name="username"
          id="profile-username"
          label="Username"
          defaultValue={user.username}
          autoComplete="username"
          maxLength={30}
          error={errorOf('username')}
        />
        {select(
          'country',
          'Country',
          (lists?.countries ?? []).map((c) => ({ value: c.code, text: c.name })),
        )}
        {select(
          'language',
          'Language',
          (lists?.languages ?? []).map((l) => ({ value: l.code, text: `${l.name} (${l.nativeName})` })),
        )}
        <Field
          name="phone"
          id="profile-phone"
          label="Phone (with country code)"
          type="tel"
          defaultValue={user.phone ?? ''}
          autoComplete="tel"
          placeholder="+44 20 7946 0958"
          maxLength={30}
          list="dial-codes"
          error={errorOf('phone')}
        />
        <datalist id="dial-codes">
          {(lists?.phoneCodes ?? []).map((p) => (
            <option key={p.code} value={`${p.dialCode} `} label={`${p.name} ${p.dialCode}`} />
          ))}
        </datalist>
        {select(
          'gender',
          'Gender',
          (lists?.genders ?? []).map((g) => ({ value: g.key, text: g.text })),
        )}
      </div>
      <Field textarea name="bio" id="profile-bio" label="About me" defaultValue={user.bio} rows={4} maxLength={lists?.bioMax ?? 1000} error={errorOf('bio')} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
