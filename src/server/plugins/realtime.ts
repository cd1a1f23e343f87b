import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { ADMINS_ROOM, commentRoom, sessionRoom, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '../../shared/socket-events.ts';
import { sessionTokenFromHeader } from '../lib/auth/sessions.ts';
import { COMMENT_OBJECTS } from '../../shared/contracts/comments.ts';
import { isUuid } from '../modules/catalogue/query.ts';
import type { SharedRedis } from './redis.ts';

const MAX_WATCHED = 20;

/** The room of a watch request, or null when it does not name a commentable object. */
function watchedRoom(payload: unknown): string | null {
  const { objectType, objectId } = (payload ?? {}) as { objectType?: unknown; objectId?: unknown };
  if (typeof objectType !== 'string' || !(COMMENT_OBJECTS as readonly string[]).includes(objectType)) return null;
  if (typeof objectId !== 'string' || !isUuid(objectId)) return null;
  return commentRoom(objectType, objectId);
}

/**
 * Whether a handshake's Origin is the site itself: the configured public origin, or the very host the request was sent
 * to (same-origin, however the visitor reached the server). No Origin: not a browser page, nothing to protect.
 */
export function isOwnOrigin(origin: string | undefined, host: string | undefined, siteOrigin: string): boolean {
  if (origin === undefined) return true;
  if (origin === siteOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId?: string; sessionId?: string }>;

/**
 * socket.io on the app's own HTTP server (same port). A member is authenticated by the `token` handshake query or by the
 * `auth/login` event, and joins the room of their id; `app.emitToUser` sends to that room.
 */
export async function registerRealtime(app: FastifyInstance, opts: { redis: SharedRedis | null }) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket', 'polling'],
    cors: { origin: false },
    // A page of another site must not open a member's live connection: a browser's Origin must be ours.
    allowRequest: (req, callback) => callback(null, isOwnOrigin(req.headers.origin, req.headers.host, app.siteOrigin)),
  });

  if (opts.redis) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = opts.redis.client;
    // The adapter does not await its publishes: one failed while Redis is away must not become an unhandled rejection
    // (which ends the process). Events then reach this process's own sockets only; the outage is logged once.
    const publisher = new Proxy(pub, {
      get(target, prop) {
        if (prop === 'publish') return (...args: Parameters<typeof pub.publish>) => target.publish(...args).catch(() => 0);
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    io.adapter(createAdapter(publisher, await opts.redis.subscriber()));
  }

  async function login(socket: LiveSocket, raw: unknown): Promise<boolean> {
    const token = typeof raw === 'string' ? sessionTokenFromHeader(raw) : null;
    const auth = token ? await app.services.auth.authenticate(token) : null;
    await signOut(socket);
    if (!auth) return false;
    socket.data.userId = auth.user.id;
    socket.data.sessionId = auth.sessionId;
    await socket.join([userRoom(auth.user.id), sessionRoom(auth.sessionId), ...(auth.user.roles.includes('admin') ? [ADMINS_ROOM] : [])]);
    return true;
  }

  async function signOut(socket: LiveSocket) {
    if (socket.data.userId) await socket.leave(userRoom(socket.data.userId));
    if (socket.data.sessionId) await socket.leave(sessionRoom(socket.data.sessionId));
    await socket.leave(ADMINS_ROOM);
    socket.data.userId = socket.data.sessionId = undefined;
  }

  io.on('connection', async (socket: LiveSocket) => {
    socket.on('auth/login', async (payload) => {
      const authenticated = await login(socket, payload?.token).catch(() => false);
      socket.emit('auth/status', { authenticated });
    });
    socket.on('auth/logout', async () => {
      await signOut(socket);
      socket.emit('auth/status', { authenticated: false });
    });
    // Comment rooms: anybody may listen to a public object's comments; a socket watches a few objects at most.
    socket.on('comments/watch', async (payload, ack) => {
      const room = watchedRoom(payload);
      const watching = [...socket.rooms].filter((r) => r.includes(':') && !r.startsWith('user:') && !r.startsWith('session:')).length;
      if (room && !socket.rooms.has(room) && watching < MAX_WATCHED) await socket.join(room);
      if (typeof ack === 'function') ack(Boolean(room && socket.rooms.has(room)));
    });
    socket.on('comments/unwatch', async (payload, ack) => {
      const room = watchedRoom(payload);
      if (room) await socket.leave(room);
      if (typeof ack === 'function') ack(false);
    });
    const token = socket.handshake.query.token;
    if (typeof token === 'string') {
      const authenticated = await login(socket, token).catch(() => false);
      socket.emit('auth/status', { authenticated });
    }
  });

  app.emitToUser = (userId, event, ...args) => {
    io.to(userRoom(userId)).emit(event, ...args);
  };
  app.emitToRoom = (rooms, event, ...args) => {
    io.to(rooms).emit(event, ...args);
  };
  // Across processes too (the Redis adapter forwards it): an ended session's sockets receive nothing more.
  app.decorate('liveSockets', () => io.engine.clientsCount);
  app.endLiveSessions = (sessionIds) => {
    if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  };
  app.addHook('preClose', async () => {
    // Not io.close(): that would close the HTTP server, which Fastify owns and closes itself. Closing the transports
    // (not disconnecting the sockets, which tells a client to stay away) is the reconnect hint: clients reconnect
    // after their backoff, to another process behind the balancer, and log in again there.
    io.engine.close();
  });
}
