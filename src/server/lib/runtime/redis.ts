import type { Redis } from 'ioredis';

/**
 * A Redis client as every part of the site uses one (REDIS_URL): connected on `connect()`, reconnecting by itself
 * (every 200 ms up to 2 s apart), and with no offline queue: while Redis is away a command fails at once instead of
 * piling up and running stale once it is back. Errors are the caller's to listen to (without a listener an error
 * would end the process). ioredis is loaded here, when a Redis is configured, not at every start.
 */
export async function redisClient(url: string, connectTimeout = 5000): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/** The configured Redis did not answer at start: the process refuses to run without what its peers share. */
export class RedisUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Redis at ${new URL(url).host} does not answer (REDIS_URL): ${cause instanceof Error ? cause.message : cause}`);
  }
}

/** Closes a client: politely for two seconds (Redis may be away, or just went unnoticed), then the connection drops. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await Promise.race([client.quit().catch(() => 0), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  client.disconnect();
}
