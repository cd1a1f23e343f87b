import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerToClientEvents } from '../shared/socket-events.ts';

/** Closes at once the live connections opened with these sessions (ended by logout, a password change or a ban). */
export type EndLiveSessions = (sessionIds: string[]) => void;
/** Sends a live event to every connection of one member (a no-op until the realtime plugin is ready). */
export type EmitToUser = <E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

/** Sends a live event to everyone in one or more rooms (comment viewers of objects), once per connection. */
export type EmitToRoom = <E extends keyof ServerToClientEvents>(rooms: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

/** The Fastify instance as modules see it: TypeBox-typed routes. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Wraps a payload in the success envelope `{ status: 0, data }`. */
export const ok = <T>(data: T) => ({ status: 0 as const, data });
