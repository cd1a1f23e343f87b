import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/server/lib/jobs/job-queue.ts';
import { freshPostgres } from '../helpers/postgres.ts';

/**
 * A TCP proxy in front of PostgreSQL that drops every connection until it is opened: the database as a server sees it
 * when PostgreSQL restarts or the network blips in the first seconds after its start.
 */
async function closedProxy(target: URL) {
  let open = false;
  let refused = 0;
  // A start's attempt opens two connections: a third is the start trying again.
  const triedAgain = Promise.withResolvers<void>();
  const server = net.createServer((client) => {
    if (!open) {
      if (++refused > 2) triedAgain.resolve();
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.href,
    triedAgain: triedAgain.promise,
    open: () => void (open = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

describe('the job queue when the database cannot be reached as it starts', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('tries again until the database answers, then sends and runs jobs (none lost for the life of the process)', async () => {
    const database = await freshPostgres('tessera_jobs_start');
    cleanups.push(database.drop);
    const proxy = await closedProxy(new URL(database.url));
    cleanups.push(proxy.close);
    const queue = JobQueue.start({ jobs: { connectionString: proxy.url, max: 2 }, kind: 'postgres', onConnectionError: () => {} } as never, {
      log: quiet as never,
    });
    cleanups.push(() => queue.stop());
    const defined = queue.define('probe', { retryLimit: 0 });
    queue.begin();
    // The start fails, and tries again (a start that gave up fails the definition instead, and this test with it).
    await Promise.race([proxy.triedAgain, defined]);
    proxy.open();
    await defined;
    const ran = Promise.withResolvers<object>();
    await queue.work<{ n: number }>('probe', 1, async (data) => ran.resolve(data));
    expect(await queue.send('probe', { n: 1 })).toEqual(expect.any(String));
    expect(await ran.promise).toEqual({ n: 1 });
  });
});
