import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { PasskeyView } from '../../shared/contracts/passkeys.ts';
import { $addPasskey, $passkeys, $removePasskey, $renamePasskey } from '../../stores/passkeys.ts';
import Field from '../forms/Field.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const NAME_RULE = { name: 'name', what: 'a name for this passkey', required: true };
const PASSWORD_RULE = { name: 'password', what: 'your password', required: true };

/**
 * The member's passkeys on /account/security: each one's name, when it was added and last used; add one (named first,
 * then the browser's prompt), rename one, or remove one with the password. Its code (and @simplewebauthn/browser) is
 * on this page only.
 */
export default function PasskeysList({ initial }: { initial: PasskeyView[] }) {
  const list = useStore($passkeys) ?? initial;
  const removed = useStore($removePasskey);
  const [open, setOpenState] = useState<{ id: string; mode: 'rename' | 'remove' } | null>(null);
  // One form open at a time, starting clean (the stores are shared by every passkey's form).
  const setOpen = (next: typeof open) => {
    $renamePasskey.reset();
    if (next) $removePasskey.reset();
    setOpenState(next);
  };
  return (
    <div data-testid="passkeys">
      <p>
        A passkey logs you in with your device’s fingerprint, face or PIN instead of your password, and no code is asked: it is both your password and your
        second factor. It stays on your device, so it cannot be phished or leaked.
      </p>
      {removed.status === 'ok' && !open && (
        <div className="alert alert-success" role="status">
          {removed.data.message}
        </div>
      )}
      {list.length > 0 ? (
        <ul className="device-list">
          {list.map((p) => (
            <li key={p._id} className="device" data-testid="passkey">
              <div>
                <strong>{p.name}</strong>
                <div className="muted">
                  Added <time dateTime={p.createdAt}>{when.format(new Date(p.createdAt))}</time> ·{' '}
                  {p.lastUsedAt ? (
                    <>
                      last used <time dateTime={p.lastUsedAt}>{when.format(new Date(p.lastUsedAt))}</time>
                    </>
                  ) : (
                    'not used yet'
                  )}
                </div>
                {open?.id === p._id && open.mode === 'rename' && <Rename passkey={p} initial={initial} close={() => setOpen(null)} />}
                {open?.id === p._id && open.mode === 'remove' && <Remove passkey={p} initial={initial} close={() => setOpen(null)} />}
              </div>
              {open?.id !== p._id && (
                <div className="passkey-actions">
                  <button type="button" className="btn btn-ghost" onClick={() => setOpen({ id: p._id, mode: 'rename' })} aria-label={`Rename ${p.name}`}>
                    Rename
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => setOpen({ id: p._id, mode: 'remove' })} aria-label={`Remove ${p.name}`}>
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="no-passkeys">
          You have no passkeys yet.
        </p>
      )}
      <Add initial={initial} />
    </div>
  );
}

function Add({ initial }: { initial: PasskeyView[] }) {
  const state = useStore($addPasskey);
  const { form, errorOf, summary, busy, onSubmit } = useCheckedForm(state, [NAME_RULE]);
  const add = onSubmit(async (values, el) => {
    const result = await $addPasskey.run(values.name!.trim(), initial);
    if (result.ok) el.reset();
    return result;
  });
  // One browser prompt at a time: a second submit while it waits does nothing.
  const submit = (e: SubmitEvent<HTMLFormElement>) => (busy ? e.preventDefault() : add(e));

  return (
    <form method="post" ref={form} onSubmit={submit} noValidate data-testid="passkey-add">
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      {state.status === 'ok' && (
        <div className="alert alert-success" role="status">
          Passkey “{state.data.name}” added: use “Log in with a passkey” next time.
        </div>
      )}
      <Field
        name="name"
        id="passkey-name"
        label="Name of the new passkey"
        hint="So you can tell them apart, such as “Phone” or “Work laptop”."
        maxLength={60}
        error={errorOf('name')}
      />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="passkey-add-submit">
        {busy ? 'Waiting for your device…' : 'Add a passkey'}
      </button>
    </form>
  );
}

function Rename({ passkey, initial, close }: { passkey: PasskeyView; initial: PasskeyView[]; close: () => void }) {
  const state = useStore($renamePasskey);
  const { form, errorOf, summary, busy, onSubmit } = useCheckedForm(state, [NAME_RULE]);
  const submit = onSubmit(async (values) => {
    const result = await $renamePasskey.run(passkey._id, values.name!.trim(), initial);
    if (result.ok) close();
    return result;
  });

  return (
    <form method="post" ref={form} onSubmit={submit} noValidate className="inline-form" data-testid="passkey-rename">
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <Field name="name" id={`passkey-rename-${passkey._id}`} label="New name" defaultValue={passkey.name} maxLength={60} autoFocus error={errorOf('name')} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        Save
      </button>{' '}
      <button type="button" className="btn btn-ghost" onClick={close}>
        Cancel
      </button>
    </form>
  );
}

function Remove({ passkey, initial, close }: { passkey: PasskeyView; initial: PasskeyView[]; close: () => void }) {
  const state = useStore($removePasskey);
  const { form, errorOf, summary, busy, onSubmit } = useCheckedForm(state, [PASSWORD_RULE]);
  const submit = onSubmit(async (values) => {
    const result = await $removePasskey.run(passkey._id, values.password!.trim(), initial);
    if (result.ok) close();
    return result;
  });

  return (
    <form method="post" ref={form} onSubmit={submit} noValidate className="inline-form" data-testid="passkey-remove">
      <p>“{passkey.name}” will no longer log you in. Type your password to remove it.</p>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <Field
        name="password"
        id={`passkey-remove-password-${passkey._id}`}
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errorOf('password')}
      />
      <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
        Remove passkey
      </button>{' '}
      <button type="button" className="btn btn-ghost" onClick={close}>
        Cancel
      </button>
    </form>
  );
}
