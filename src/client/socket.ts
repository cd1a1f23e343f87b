import { io, type Socket } from 'socket.io-client';
import { SOCKET_ENDPOINT } from 'astro:env/client';
import { SOCKET_RECONNECT, type ClientToServerEvents, type ServerToClientEvents } from '../shared/socket-events.ts';
import { $auth } from '../stores/auth.ts';
import { $orderUpdate, $paymentUpdate, setLiveStatus } from '../stores/live.ts';
import { showToast } from '../stores/toast.ts';
import { setBalance } from '../stores/user.ts';
import { tokenCookie } from './api.ts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens the live connection with the policy of SPEC.md §4, §7, §9 and wires its status into `$liveStatus`. */
export function openLiveSocket(endpoint: string, token: string | null): LiveSocket {
  const socket: LiveSocket = io(endpoint || undefined, {
    ...SOCKET_RECONNECT,
    // socket.io 4 names long-polling 'polling': websocket first, then polling.
    transports: ['websocket', 'polling'],
    autoConnect: true,
    rejectUnauthorized: true,
    query: token ? { token } : {},
  });
  socket.on('connect', () => {
    setLiveStatus('connected');
    // Also after every reconnect: the server may have lost the room.
    const current = tokenCookie.get();
    if (current) socket.emit('auth/login', { token: current });
  });
  socket.on('disconnect', () => setLiveStatus('disconnected'));
  socket.on('connect_error', () => setLiveStatus('failed'));
  socket.io.on('reconnect_attempt', () => setLiveStatus('reconnecting'));
  socket.io.on('reconnect', () => setLiveStatus('connected'));
  socket.io.on('reconnect_failed', () => setLiveStatus('failed'));
  socket.io.on('error', () => setLiveStatus('failed'));
  socket.on('update_balance', ({ balance }) => setBalance(balance));
  socket.on('payment_status_callback', ({ redirectUrl, status }) => {
    $paymentUpdate.set({ redirectUrl, status, at: Date.now() });
    showToast(status === 'success' ? 'Payment received: your tokens are in your balance.' : 'The payment did not go through; nothing was charged.', status === 'success' ? 'success' : 'error');
  });
  socket.on('order_updated', ({ orderId, deliveryStatus }) => {
    $orderUpdate.set({ orderId, deliveryStatus, at: Date.now() });
    showToast(`Order update: ${deliveryStatus}.`, 'info');
  });
  return socket;
}

let current: LiveSocket | null = null;
let started = false;

/** The one socket: kept while logged in, torn down and rebuilt whenever the logged-in flag changes. */
export function startLive(): void {
  if (started) return;
  started = true;
  let loggedIn: boolean | undefined;
  $auth.subscribe((state) => {
    if (state.loggedIn === loggedIn) return;
    loggedIn = state.loggedIn;
    if (current) {
      const token = tokenCookie.get();
      if (token) current.emit('auth/logout', { token });
      current.disconnect();
      current = null;
    }
    if (loggedIn) current = openLiveSocket(SOCKET_ENDPOINT, tokenCookie.get());
  });
}

export const liveSocket = () => current;
