import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { closeRedis, redisClient, RedisUnreachableError } from '../lib/runtime/redis.ts';
import { SITE_CHANGES_CHANNEL, type SiteChanges } from '../lib/runtime/site-changes.ts';

/** What processes share through Redis (REDIS_URL): one client for commands and publishing, more for subscriptions. */
export interface SharedRedis {
  /** Commands (limits, throttles) and publishing. */
  client: Redis;
  /** A new connection for a subscriber (the live connection's adapter), watched and closed with the others. */
  subscriber: () => Promise<Redis>;
  /** True while connected. */
  isUp: () => boolean;
}

/**
 * Connects the process to the Redis its peers share (REDIS_URL): rate limits and login throttles count there, site
 * changes are announced there (`tessera:site-changes`), and the live connection's adapter shares rooms through it.
 * Refuses to start when Redis does not answer. Once started, a lost Redis is one warning and the process works alone
 * (limits fail open, events reach its own sockets); once it is back, one line, and every cache is dropped since
 * announcements may have been missed.
 */
export async function registerRedis(app: FastifyInstance, url: string, changes: SiteChanges): Promise<SharedRedis> {
  const clients: Redis[] = [];
  let down = false;
  const watch = (client: Redis) => {
    clients.push(client);
    client.on('error', (err: Error) => {
      if (!down) app.log.warn({ err }, 'Redis is unreachable: this process works alone (live events, limits, site changes) until it is back');
      down = true;
    });
    client.on('ready', () => {
      if (down) {
        app.log.info('Redis is back: live events, limits and site changes are shared between processes again');
        changes.missed();
      }
      down = false;
    });
    return client;
  };
  const client = watch(await redisClient(url));
  const listener = watch(client.duplicate());
  try {
    await Promise.all([client.connect(), listener.connect()]);
  } catch (err) {
    for (const c of clients) c.disconnect();
    throw new RedisUnreachableError(url, err);
  }
  listener.on('message', (channel: string, message: string) => {
    if (channel === SITE_CHANGES_CHANNEL) changes.receive(message);
  });
  await listener.subscribe(SITE_CHANGES_CHANNEL);
  changes.connect((message) => void client.publish(SITE_CHANGES_CHANNEL, message).catch(() => 0));
  app.addHook('onClose', async () => {
    await Promise.allSettled(clients.map(closeRedis));
  });
  return {
    client,
    subscriber: async () => {
      const sub = watch(client.duplicate());
      await sub.connect();
      return sub;
    },
    isUp: () => client.status === 'ready',
  };
}
