import { randomUUID } from 'node:crypto';

/**
 * What changed that every process must see at once: the settings (menus, maintenance …), the blocked countries, or
 * the content (a back-office write, or a scheduled item whose time came: only the page caches are emptied).
 */
export type SiteChange = 'settings' | 'countries' | 'content';
const CHANGES: readonly SiteChange[] = ['settings', 'countries', 'content'];

/** The channel of the shared Redis on which processes tell each other. */
export const SITE_CHANGES_CHANNEL = 'tessera:site-changes';

type Listener = (change: SiteChange) => void;

/**
 * Tells every part of every process that the site changed, so that each drops what it had cached (settings, blocked
 * countries, the page cache). In one process the listeners run at once; with `REDIS_URL` plugins/redis.ts connects
 * it to the shared Redis, and a change made here reaches the other processes through it (`receive`).
 */
export class SiteChanges {
  /** Names this process in its messages, so that it ignores its own. */
  readonly origin = randomUUID();
  private readonly listeners = new Set<Listener>();
  private send: ((message: string) => void) | null = null;

  /** Runs `listener` after every change, made here or heard from another process. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A change made by this process (after its write committed): here at once, then to the others. */
  publish(change: SiteChange): void {
    this.notify(change);
    this.send?.(JSON.stringify({ origin: this.origin, change }));
  }

  /** A message from the channel: another process's change (this process's own are ignored, they were seen already). */
  receive(message: string): void {
    let parsed: { origin?: unknown; change?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin === this.origin || !CHANGES.includes(parsed.change as SiteChange)) return;
    this.notify(parsed.change as SiteChange);
  }

  /** Announcements may have been lost (Redis was away): every cache is dropped, as if everything changed. */
  missed(): void {
    for (const change of CHANGES) this.notify(change);
  }

  /** Sends this process's changes to the others (plugins/redis.ts, when Redis is configured). */
  connect(send: (message: string) => void): void {
    this.send = send;
  }

  private notify(change: SiteChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

/**
 * Tells the running servers about a change made by a process without a live connection (the CLI): one message on the
 * Redis channel, then the connection closes. Without Redis, or when it cannot be reached in two seconds, the servers
 * see the change when their caches expire (5 s); the caller says so.
 */
export async function announceSiteChange(redisUrl: string, change: SiteChange): Promise<boolean> {
  const { closeRedis, redisClient } = await import('./redis.ts');
  const client = await redisClient(redisUrl, 2000);
  client.on('error', () => {});
  try {
    await client.connect();
    await client.publish(SITE_CHANGES_CHANNEL, JSON.stringify({ origin: `cli-${randomUUID()}`, change }));
    return true;
  } catch {
    return false;
  } finally {
    await closeRedis(client);
  }
}
