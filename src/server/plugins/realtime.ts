import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { ADMINS_ROOM, commentRoom, sessionRoom, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '../../shared/socket-events.ts';
import { tokenFromHeader } from '../lib/tokens.ts';
import { COMMENT_OBJECTS } from '../../shared/contracts/comments.ts';
import { isUuid } from '../modules/catalogue/query.ts';
import { SITE_CHANGES_CHANNEL } from '../lib/site-changes.ts';

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
export async function registerRealtime(app: FastifyInstance, opts: { redisUrl: string | null }) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket', 'polling'],
    cors: { origin: false },
    // A page of another site must not open a member's live connection: a browser's Origin must be ours.
    allowRequest: (req, callback) => callback(null, isOwnOrigin(req.headers.origin, req.headers.host, app.siteOrigin)),
  });

  if (opts.redisUrl) {
    const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
    // No offline queue: while Redis is away a publish fails at once instead of piling up and arriving stale.
    const pub = createClient({ url: opts.redisUrl, disableOfflineQueue: true });
    const sub = pub.duplicate();
    // Without 'error' listeners a lost Redis would end the process. While it is away, live events still reach the
    // sockets of this process (one-process delivery); node-redis reconnects by itself and the rooms are shared again.
    let down = false;
    for (const client of [pub, sub]) {
      client.on('error', (err: Error) => {
        if (!down) app.log.warn({ err }, 'Redis is unreachable: live events reach this process only until it is back');
        down = true;
      });
      client.on('ready', () => {
        if (down) {
          app.log.info('Redis is back: live events are shared between processes again');
          // Changes announced while Redis was away were missed: read settings and countries afresh.
          app.siteChanges.missed();
        }
        down = false;
      });
    }
    await Promise.all([pub.connect(), sub.connect()]);
    // Settings and country changes travel on the same connection: each process drops its caches when another changes them.
    await sub.subscribe(SITE_CHANGES_CHANNEL, (message) => app.siteChanges.receive(message));
    app.siteChanges.connect((message) => void pub.publish(SITE_CHANGES_CHANNEL, message).catch(() => 0));
    // The adapter does not await its publishes: a failed one must not become an unhandled rejection (which ends the
    // process). The outage is logged once by the 'error' listeners above.
    const publisher = new Proxy(pub, {
      get(target, prop) {
        if (prop === 'publish') return (...args: Parameters<typeof pub.publish>) => target.publish(...args).catch(() => 0);
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    io.adapter(createAdapter(publisher, sub));
    app.addHook('onClose', async () => {
      // Closing while Redis is away (or just went, unnoticed yet) must not wait for it to come back: a graceful close
      // gets two seconds, then the connection is dropped.
      await Promise.allSettled(
        [pub, sub].map(async (client) => {
          if (client.isReady) await Promise.race([client.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
          if (client.isOpen) client.destroy();
        }),
      );
    });
  }

  async function login(socket: LiveSocket, raw: unknown): Promise<boolean> {
    const token = typeof raw === 'string' ? tokenFromHeader(raw) : null;
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
  app.endLiveSessions = (sessionIds) => {
    if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  };
  app.addHook('preClose', async () => {
    // Not io.close(): that would close the HTTP server, which Fastify owns and closes itself.
    io.disconnectSockets(true);
    io.engine.close();
  });
}
