import { describe, expect, it } from 'vitest';
import { getConfig } from '../../src/server/config.ts';
import { createStorage } from '../../src/server/lib/storage/storage.ts';

/**
 * The S3-compatible storage against a real endpoint (MinIO, R2, AWS ...). Runs only when one is configured, e.g.
 * S3_TEST_ENDPOINT=http://127.0.0.1:9000 S3_TEST_BUCKET=tessera-test S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…
 */
const endpoint = process.env.S3_TEST_ENDPOINT;

describe.skipIf(!endpoint)('S3 storage', () => {
  it('puts, stats, reads whole and by range, and deletes', async () => {
    const config = getConfig({
      NODE_ENV: 'test',
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: process.env.S3_TEST_BUCKET ?? 'tessera-test',
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY,
    });
    const storage = await createStorage(config.storage);
    const key = `test/${Date.now()}/hello.txt`;
    await storage.put(key, Buffer.from('hello, bucket'), 'text/plain; charset=utf-8');
    expect(await storage.stat(key)).toMatchObject({ size: 13, contentType: 'text/plain; charset=utf-8' });
    expect(Buffer.concat(await (await storage.read(key)).toArray()).toString()).toBe('hello, bucket');
    expect(Buffer.concat(await (await storage.read(key, { start: 7, end: 12 })).toArray()).toString()).toBe('bucket');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });
});
