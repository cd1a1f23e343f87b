import { io, type Socket } from 'socket.io-client';
import { SOCKET_ENDPOINT } from 'astro:env/client';
import { SOCKET_RECONNECT, type ClientToServerEvents, type ServerToClientEvents } from '../shared/socket-events.ts';
import { $auth } from '../stores/auth.ts';
import { $liveRooms, $orderUpdate, $paymentUpdate, setLiveRoom, setLiveStatus } from '../stores/live.ts';
import { showToast } from '../stores/toast.ts';
import { setBalance } from '../stores/user.ts';
import { tokenCookie } from './api.ts';
import { $comments, addComment, bumpReplies, commentKey, removeComment, replaceComment } from '../stores/comments.ts';

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
    for (const [key, [objectType, objectId]] of watched) socket.emit('comments/watch', { objectType, objectId }, (hearing) => setLiveRoom(key, hearing));
    // Also after every reconnect: the server may have lost the room.
    const current = tokenCookie.get();
    if (current) socket.emit('auth/login', { token: current });
  });
  socket.on('disconnect', () => {
    setLiveStatus('disconnected');
    $liveRooms.set([]);
  });
  socket.on('connect_error', () => setLiveStatus('failed'));
  socket.io.on('reconnect_attempt', () => setLiveStatus('reconnecting'));
  socket.io.on('reconnect', () => setLiveStatus('connected'));
  socket.io.on('reconnect_failed', () => setLiveStatus('failed'));
  socket.io.on('error', () => setLiveStatus('failed'));
  socket.on('update_balance', ({ balance }) => setBalance(balance));
  socket.on('payment_status_callback', ({ redirectUrl, status }) => {
    $paymentUpdate.set({ redirectUrl, status, at: Date.now() });
    showToast(
      status === 'success' ? 'Payment received: your tokens are in your balance.' : 'The payment did not go through; nothing was charged.',
      status === 'success' ? 'success' : 'error',
    );
  });
  socket.on('order_updated', ({ orderId, deliveryStatus }) => {
    $orderUpdate.set({ orderId, deliveryStatus, at: Date.now() });
    showToast(`Order update: ${deliveryStatus}.`, 'info');
  });
  socket.on('comment_created', (comment) => {
    if (comment.objectType === 'comment') {
      // A reply: its thread (when open) gets it, and the parent's count moves in the item's list.
      const thread = commentKey('comment', comment.objectId);
      if (thread in $comments.get()) addComment(thread, comment);
      for (const key of watched.keys()) bumpReplies(key, comment.objectId, 1);
    } else {
      const key = commentKey(comment.objectType, comment.objectId);
      if (key in $comments.get()) addComment(key, comment);
    }
  });
  socket.on('comment_updated', (comment) => replaceComment(commentKey(comment.objectType, comment.objectId), comment));
  socket.on('comment_deleted', ({ _id, objectId, objectType }) => {
    removeComment(commentKey(objectType, objectId), _id);
    if (objectType === 'comment') for (const key of watched.keys()) bumpReplies(key, objectId, -1);
  });
  return socket;
}

/** The objects whose comments this page shows (room key → [objectType, objectId]). */
const watched = new Map<string, [string, string]>();

/**
 * Hears new and deleted comments on one object while its comments are on screen. Opens a connection for an anonymous
 * visitor too (members already have one). Returns the function that stops listening.
 */
export function watchComments(objectType: string, objectId: string): () => void {
  const key = commentKey(objectType, objectId);
  watched.set(key, [objectType, objectId]);
  if (!current) current = openLiveSocket(SOCKET_ENDPOINT, tokenCookie.get());
  else if (current.connected) current.emit('comments/watch', { objectType, objectId }, (hearing) => setLiveRoom(key, hearing));
  return () => {
    watched.delete(key);
    setLiveRoom(key, false);
    current?.emit('comments/unwatch', { objectType, objectId });
  };
}

let current: LiveSocket | null = null;
let started = false;

/** The one socket: kept while logged in (or while comments are watched), torn down and rebuilt whenever the logged-in flag changes. */
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
    if (loggedIn || watched.size) current = openLiveSocket(SOCKET_ENDPOINT, tokenCookie.get());
  });
}

export const liveSocket = () => current;
