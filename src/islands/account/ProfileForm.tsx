import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { CurrentUser } from '../../shared/contracts/users.ts';
import { refreshRegions } from '../../client/regions.ts';
import { $profile, referenceLists, updateProfile } from '../../stores/accounts.ts';
import { $user } from '../../stores/user.ts';
import { showToast } from '../../stores/toast.ts';

type Lists = Awaited<ReturnType<typeof referenceLists>>;

/** Name, username, bio, country, language, phone, gender: saved together; the returned member replaces the stored one. */
export default function ProfileForm({ initial }: { initial: CurrentUser }) {
  const user = useStore($user) ?? initial;
  const state = useStore($profile);
  const [lists, setLists] = useState<Lists | null>(null);
  useEffect(() => {
    referenceLists().then(setLists, () => setLists({ countries: [], languages: [], phoneCodes: [], genders: [], bioMax: 1000 }));
  }, []);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const value = (k: string) => String(f.get(k) ?? '');
    const orNull = (k: string) => value(k).trim() || null;
    const ok = await updateProfile({
      name: value('name'),
      username: value('username'),
      bio: value('bio'),
      country: orNull('country'),
      language: orNull('language'),
      phone: orNull('phone'),
      gender: orNull('gender'),
    });
    if (!ok) return;
    showToast('Profile saved.', 'success');
    await refreshRegions(); // the card above the form shows the new name and username
  }

  const select = (name: 'country' | 'language' | 'gender', label: string, options: { value: string; text: string }[]) => (
    <div className="field">
      <label htmlFor={`profile-${name}`}>{label}</label>
      <select id={`profile-${name}`} name={name} defaultValue={user[name] ?? ''} key={`${name}-${options.length}`}>
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form onSubmit={submit} className="panel" aria-labelledby="profile-title" noValidate>
      <h2 id="profile-title">Profile</h2>
      {state.error && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="profile-name">Name</label>
          <input id="profile-name" name="name" defaultValue={user.name} autoComplete="name" required maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="profile-username">Username</label>
          <input id="profile-username" name="username" defaultValue={user.username} autoComplete="username" required maxLength={30} />
        </div>
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
        <div className="field">
          <label htmlFor="profile-phone">Phone (with country code)</label>
          <input
            id="profile-phone"
            name="phone"
            type="tel"
            defaultValue={user.phone ?? ''}
            autoComplete="tel"
            placeholder="+44 20 7946 0958"
            maxLength={30}
            list="dial-codes"
          />
          <datalist id="dial-codes">
            {(lists?.phoneCodes ?? []).map((p) => (
              <option key={p.code} value={`${p.dialCode} `} label={`${p.name} ${p.dialCode}`} />
            ))}
          </datalist>
        </div>
        {select(
          'gender',
          'Gender',
          (lists?.genders ?? []).map((g) => ({ value: g.key, text: g.text })),
        )}
      </div>
      <div className="field">
        <label htmlFor="profile-bio">About me</label>
        <textarea id="profile-bio" name="bio" defaultValue={user.bio} rows={4} maxLength={lists?.bioMax ?? 1000} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={state.updating} aria-busy={state.updating}>
        {state.updating ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
