import { atom, onMount } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_ENDPOINT } from 'astro:env/client';
import { sessionEnded, sessionCookie } from '../client/api.ts';
import { SOCKET_RECONNECT, type ClientToServerEvents, type LiveStatus, type ServerToClientEvents } from '../shared/socket-events.ts';
import { $auth } from './auth.ts';
import { onResetAll } from './reset.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Status of the live connection (SPEC.md §3, §4): initialized → connected / disconnected / failed / reconnecting.
 * This store owns the socket: its first subscriber opens it, it is rebuilt when the logged-in flag changes, and it
 * closes when nobody listens any more. Other stores hear server events through `onLive()`.
 */
export const $liveStatus = atom<LiveStatus>('initialized');

/** The comment rooms (`objectType:objectId`) the server has confirmed this connection hears. */
export const $liveRooms = atom<string[]>([]);

const handlers = new Map<EventName, Set<(payload: never) => void>>();
const rooms = new Map<string, { objectType: string; objectId: string; holders: number }>();
let socket: LiveSocket | null = null;
const retired = new WeakSet<LiveSocket>();
/** Where the connection goes: SOCKET_ENDPOINT, same origin when empty (tests point it at their own server). */
let endpoint = SOCKET_ENDPOINT;

const hearing = (key: string, yes: boolean) => {
  const others = $liveRooms.get().filter((k) => k !== key);
  $liveRooms.set(yes ? [...others, key] : others);
};

function watch(key: string) {
  const room = rooms.get(key);
  if (room && socket?.connected) socket.emit('comments/watch', { objectType: room.objectType, objectId: room.objectId }, (yes) => hearing(key, yes));
}

/** Opens the connection with the policy of SPEC.md §4, §7, §9. */
export function openLiveSocket(url: string, token: string | null): LiveSocket {
  const s: LiveSocket = io(url || undefined, {
    ...SOCKET_RECONNECT,
    // socket.io 4 names long-polling 'polling': websocket first, then polling.
    transports: ['websocket', 'polling'],
    // A manager of its own: a rebuilt connection never shares (or inherits the listeners of) the one it replaces.
    forceNew: true,
    autoConnect: true,
    rejectUnauthorized: true,
    query: token ? { token } : {},
  });
  // A connection being replaced (retired) reports nothing any more.
  const report = (status: LiveStatus) => retired.has(s) || $liveStatus.set(status);
  s.on('connect', () => {
    report('connected');
    for (const key of rooms.keys()) watch(key);
    // A member's connection, also after every reconnect, with the token the page holds now: the server may have
    // lost the member's room. A visitor's connection carries no token.
    const current = token && sessionCookie.get();
    if (current) s.emit('auth/login', { token: current });
  });
  s.on('disconnect', (reason) => {
    report('disconnected');
    if (retired.has(s)) return;
    $liveRooms.set([]);
    // The server ends a member's connection itself only when their session ends (logged out elsewhere, password
    // changed, banned): the page leaves at once, as after a 401, instead of showing their name and balance offline.
    if (reason === 'io server disconnect' && token) sessionEnded();
  });
  s.on('connect_error', () => report('failed'));
  s.io.on('reconnect_attempt', () => report('reconnecting'));
  s.io.on('reconnect', () => report('connected'));
  s.io.on('reconnect_failed', () => report('failed'));
  s.io.on('error', () => report('failed'));
  s.onAny((event: string, payload: unknown) => {
    if (retired.has(s)) return;
    for (const handler of handlers.get(event as EventName) ?? []) handler(payload as never);
  });
  return s;
}

function close() {
  socket?.disconnect();
  socket = null;
  $liveRooms.set([]);
}

const LOGOUT_WAIT_MS = 1000;
/**
 * Ends a member's connection that is being replaced: it stops reporting at once, says `auth/logout` with the token,
 * and closes when the server has answered (or after a second), so that the goodbye is not lost with the connection.
 */
function retire(old: LiveSocket, token: string | null) {
  retired.add(old);
  if (!token || !old.connected) return void old.disconnect();
  const done = () => old.disconnect();
  old.once('auth/status', done);
  setTimeout(done, LOGOUT_WAIT_MS);
  old.emit('auth/logout', { token });
}

/** The token for a new connection: the member's, while logged in. */
const tokenNow = () => ($auth.get().loggedIn ? sessionCookie.get() : null);

onMount($liveStatus, () => {
  socket = openLiveSocket(endpoint, tokenNow());
  // Torn down and rebuilt whenever the logged-in flag changes (SPEC.md §4).
  let loggedIn = $auth.get().loggedIn;
  const stop = $auth.listen(({ loggedIn: now }) => {
    if (now === loggedIn) return;
    if (socket) retire(socket, loggedIn ? sessionCookie.get() : null);
    loggedIn = now;
    socket = openLiveSocket(endpoint, tokenNow());
  });
  return () => {
    stop();
    close();
    $liveStatus.set('initialized');
  };
});

/** Keeps the connection open while the returned function has not been called. */
const hold = () => $liveStatus.listen(() => {});

/** Hears one server event while the returned function has not been called (the connection opens for it). */
export function onLive<E extends EventName>(event: E, handler: (payload: Payload<E>) => void): () => void {
  const set = handlers.get(event) ?? new Set();
  handlers.set(event, set);
  const h = handler as (payload: never) => void;
  set.add(h);
  const release = hold();
  return () => {
    set.delete(h);
    release();
  };
}

/** Hears the comments of one object while it is on screen (anonymous visitors too). */
export function watchRoom(objectType: string, objectId: string): () => void {
  const key = `${objectType}:${objectId}`;
  const room = rooms.get(key) ?? { objectType, objectId, holders: 0 };
  room.holders++;
  rooms.set(key, room);
  const release = hold();
  if (room.holders === 1) watch(key);
  return () => {
    if (--room.holders === 0) {
      rooms.delete(key);
      hearing(key, false);
      socket?.emit('comments/unwatch', { objectType, objectId });
    }
    release();
  };
}

/** Points the connection elsewhere (tests with their own socket.io server). */
export function configureLive(url: string): void {
  endpoint = url;
}

onResetAll(() => $liveRooms.set([]));
