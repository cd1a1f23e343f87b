/**
 * The member's header without React: the balance chip, name and avatar follow the stores (the live balance in every
 * tab), the dot shows the live connection, and the avatar button opens a keyboard-operable menu (WAI-ARIA menu
 * button: arrows, Home/End, Escape back to the button). Holding these stores keeps the live connection open.
 */
import { LIVE_LABELS, balanceLabel } from '../shared/member-labels.ts';
import type { CurrentUser } from '../shared/contracts/users.ts';
import { client, sessionCookie } from '../client/api.ts';
import * as sessionCalls from '../shared/calls/session.ts';
import { showUnlockedCards } from './unlocked-cards.ts';
import { ApiError } from '../shared/contracts/errors.ts';
import { logout, startSession } from '../stores/auth.ts';
import { $liveStatus } from '../stores/live.ts';
import { $orderUpdate } from '../stores/orders.ts';
import { $user } from '../stores/user.ts';
import { $balance, $paymentUpdate } from '../stores/wallet.ts';

const FLASH_MS = 1200;

function text(root: HTMLElement, selector: string, value: string) {
  for (const el of root.querySelectorAll<HTMLElement>(selector)) if (el.textContent !== value) el.textContent = value;
}

function follow(root: HTMLElement) {
  const chip = root.querySelector<HTMLElement>('[data-member-balance]')!;
  let shown: number | null = null;
  let timer = 0;
  $balance.subscribe((balance) => {
    if (balance === null) return;
    const tokens = balance.toLocaleString('en');
    text(root, '[data-member-balance-value]', tokens);
    text(root, '[data-member-balance-text]', `${tokens} tokens`);
    chip.setAttribute('aria-label', balanceLabel(balance));
    if (shown !== null && shown !== balance) {
      chip.classList.add('flash');
      clearTimeout(timer);
      timer = window.setTimeout(() => chip.classList.remove('flash'), FLASH_MS);
    }
    shown = balance;
  });
  $user.subscribe((user) => {
    if (!user) return;
    text(root, '[data-member-name]', user.name);
    text(root, '[data-member-username]', user.username);
    const avatar = root.querySelector<HTMLImageElement>('[data-member-avatar]');
    if (avatar && avatar.getAttribute('src') !== user.avatar) avatar.src = user.avatar;
  });
  const dot = root.querySelector<HTMLElement>('.live-dot')!;
  $liveStatus.subscribe((status) => {
    dot.dataset.status = status;
    dot.title = LIVE_LABELS[status];
    text(dot, '.visually-hidden', LIVE_LABELS[status]);
  });
  // Order and payment news reach the member on every page (as toasts).
  $orderUpdate.listen(() => {});
  $paymentUpdate.listen(() => {});
}

function menu(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>('#member-button')!;
  const panel = root.querySelector<HTMLElement>('#member-menu')!;
  const items = () => [...panel.querySelectorAll<HTMLElement>('[role=menuitem]:not([hidden])')];
  const isOpen = () => !panel.hidden;
  const open = (focus: 'first' | 'last' | null) => {
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    if (focus)
      items()
        .at(focus === 'first' ? 0 : -1)
        ?.focus();
  };
  const close = (refocus: boolean) => {
    if (!isOpen()) return;
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (refocus) button.focus();
  };
  button.addEventListener('click', () => (isOpen() ? close(false) : open(null)));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  });
  panel.addEventListener('keydown', (e) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      list[(move + list.length) % list.length]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  });
  document.addEventListener('mousedown', (e) => {
    if (!root.contains(e.target as Node)) close(false);
  });
  const logoutButton = panel.querySelector<HTMLButtonElement>('[data-logout]')!;
  logoutButton.addEventListener('click', () => {
    logoutButton.disabled = true;
    logoutButton.setAttribute('aria-busy', 'true');
    void logout();
  });
  button.disabled = false;
}

/**
 * The page's member: the one it was rendered for, or (a page shared by visitors and members) the token's, from the API.
 * A token the API refuses is dropped there and then, and the login link comes back: on a shared page nothing asked for
 * a login, so the visitor simply browses on as one.
 */
async function currentMember(): Promise<CurrentUser | null> {
  const session = document.getElementById('tessera-member')?.textContent;
  if (session) return JSON.parse(session) as CurrentUser;
  try {
    return (await sessionCalls.me(client(), { expect401: true })).data;
  } catch (err) {
    if (err instanceof ApiError && err.failure.kind === 'unauthorized') {
      sessionCookie.remove();
      delete document.documentElement.dataset.session;
    }
    return null;
  }
}

/** Shows what only admins see (the simulated-payments strip) to an admin. */
function adminParts(user: CurrentUser | null) {
  const admin = Boolean(user?.roles.includes('admin'));
  for (const el of document.querySelectorAll<HTMLElement>('[data-admin-only]')) el.hidden = !admin;
}

export async function startMember(root: HTMLElement): Promise<void> {
  const user = await currentMember();
  startSession(user);
  if (!user) return;
  root.removeAttribute('aria-busy');
  adminParts(user);
  void showUnlockedCards();
  follow(root);
  menu(root);
  // An item's page: the member's reaction buttons, in a chunk of their own (lists have none).
  if (document.querySelector('[data-reactions]')) void import('./reaction-buttons.ts').then(({ startReactionButtons }) => startReactionButtons());
}
