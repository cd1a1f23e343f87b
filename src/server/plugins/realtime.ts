import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { commentRoom, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '../../shared/socket-events.ts';
import { tokenFromHeader } from '../lib/tokens.ts';
import { COMMENT_OBJECTS } from '../../shared/contracts/comments.ts';
import { isUuid } from '../modules/catalogue/query.ts';

const MAX_WATCHED = 20;

/** The room of a watch request, or null when it does not name a commentable object. */
function watchedRoom(payload: unknown): string | null {
  const { objectType, objectId } = (payload ?? {}) as { objectType?: unknown; objectId?: unknown };
  if (typeof objectType !== 'string' || !(COMMENT_OBJECTS as readonly string[]).includes(objectType)) return null;
  if (typeof objectId !== 'string' || !isUuid(objectId)) return null;
  return commentRoom(objectType, objectId);
}

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId?: string }>;

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
  });

  if (opts.redisUrl) {
    const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  async function login(socket: LiveSocket, raw: unknown): Promise<boolean> {
    const token = typeof raw === 'string' ? tokenFromHeader(raw) : null;
    const auth = token ? await app.services.auth.authenticate(token) : null;
    if (socket.data.userId && socket.data.userId !== auth?.user.id) await socket.leave(userRoom(socket.data.userId));
    socket.data.userId = auth?.user.id;
    if (auth) await socket.join(userRoom(auth.user.id));
    return Boolean(auth);
  }

  io.on('connection', async (socket: LiveSocket) => {
    socket.on('auth/login', async (payload) => {
      const authenticated = await login(socket, payload?.token).catch(() => false);
      socket.emit('auth/status', { authenticated });
    });
    socket.on('auth/logout', async () => {
      if (socket.data.userId) await socket.leave(userRoom(socket.data.userId));
      socket.data.userId = undefined;
      socket.emit('auth/status', { authenticated: false });
    });
    // Comment rooms: anybody may listen to a public object's comments; a socket watches a few objects at most.
    socket.on('comments/watch', async (payload) => {
      const room = watchedRoom(payload);
      if (!room || socket.rooms.has(room)) return;
      if ([...socket.rooms].filter((r) => r.includes(':') && !r.startsWith('user:')).length >= MAX_WATCHED) return;
      await socket.join(room);
    });
    socket.on('comments/unwatch', async (payload) => {
      const room = watchedRoom(payload);
      if (room) await socket.leave(room);
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
  app.addHook('preClose', async () => {
    // Not io.close(): that would close the HTTP server, which Fastify owns and closes itself.
    io.disconnectSockets(true);
    io.engine.close();
  });
}
