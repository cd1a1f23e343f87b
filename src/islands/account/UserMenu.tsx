import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CurrentUser } from '../../shared/contracts/users.ts';
import { startLive } from '../../client/socket.ts';
import { hydrateSession, logout } from '../../stores/auth.ts';
import { $liveStatus } from '../../stores/live.ts';
import { $user, setUser } from '../../stores/user.ts';
import { useHydrated } from '../use-hydrated.ts';

interface Props {
  /** The member the page was rendered for; the store takes over from here (live balance). */
  user: CurrentUser;
  currencySymbol: string;
}

const LIVE_LABEL = {
  initialized: 'Connecting',
  connected: 'Live',
  disconnected: 'Offline',
  failed: 'Live updates unavailable',
  reconnecting: 'Reconnecting',
} as const;

/** Avatar menu with name, token balance chip (live, highlighted on change) and log out. */
export default function UserMenu({ user: initial }: Props) {
  const user = useStore($user) ?? initial;
  const live = useStore($liveStatus);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState(false);
  const lastBalance = useRef(initial.balance);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setUser(initial);
    hydrateSession(true);
    startLive();
  }, [initial]);

  useEffect(() => {
    if (user.balance === lastBalance.current) return;
    lastBalance.current = user.balance;
    setFlash(true);
    const t = setTimeout(() => setFlash(false), 1200);
    return () => clearTimeout(t);
  }, [user.balance]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const balance = `${user.balance.toLocaleString('en')} tokens`;
  return (
    <div className="member" ref={root}>
      <a className={`chip chip-accent${flash ? ' flash' : ''}`} href="/tokens" data-testid="balance" aria-label={`Token balance: ${balance}. Buy tokens`}>
        {user.balance.toLocaleString('en')} <span aria-hidden="true">◈</span>
      </a>
      {/* Disabled until hydrated: a click before the island runs would open nothing. */}
      <button type="button" className="member-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} disabled={!hydrated}>
        <img className="avatar" src={user.avatar} alt="" width={34} height={34} />
        <span className="member-name" data-testid="member-name">
          {user.name}
        </span>
        <span className="live-dot" data-status={live} data-testid="live-status" title={LIVE_LABEL[live]}>
          <span className="visually-hidden">{LIVE_LABEL[live]}</span>
        </span>
      </button>
      {open && (
        <div className="member-menu" role="menu">
          <div className="who">
            <strong>{user.name}</strong>
            <small>
              @{user.username} · {balance}
            </small>
          </div>
          <a role="menuitem" href="/account">
            My account
          </a>
          <a role="menuitem" href="/tokens">
            Buy tokens
          </a>
          <button
            role="menuitem"
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={async () => {
              setBusy(true);
              await logout();
            }}
          >
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
