import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AuthContext, AuthService } from './modules/auth/auth.service.ts';
import type { CountryBlockService } from './modules/country-block/country-block.service.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { ServerToClientEvents } from '../shared/socket-events.ts';

export interface Services {
  auth: AuthService;
  settings: SettingsService;
  countryBlock: CountryBlockService;
}

/** Sends a live event to every connection of one member (a no-op until the realtime plugin is ready). */
export type EmitToUser = <E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
    emitToUser: EmitToUser;
    /** preHandler: 401 unless the request carries a live session. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The session and member of the `Authorization` token, or null (anonymous or invalid token). */
    auth: AuthContext | null;
  }
}

/** The Fastify instance as modules see it: TypeBox-typed routes. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Wraps a payload in the success envelope `{ status: 0, data }`. */
export const ok = <T>(data: T) => ({ status: 0 as const, data });
