import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '../../src/server/config.ts';
import { createStorage } from '../../src/server/lib/storage/create-storage.ts';
import { startS3 } from '../helpers/s3-server.ts';

/**
 * The S3-compatible storage against a real S3 server: s3rver started here, or the endpoint named by
 * S3_TEST_ENDPOINT=http://127.0.0.1:9000 S3_TEST_BUCKET=tessera-test S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… (MinIO, R2,
 * AWS ...).
 */
describe('S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  beforeAll(async () => {
    if (!process.env.S3_TEST_ENDPOINT) s3 = await startS3('tessera-test');
  });
  afterAll(() => s3?.stop());
  const storage = () =>
    createStorage(
      getConfig({
        NODE_ENV: 'test',
        STORAGE: 's3',
        S3_ENDPOINT: process.env.S3_TEST_ENDPOINT ?? s3!.endpoint,
        S3_BUCKET: process.env.S3_TEST_BUCKET ?? 'tessera-test',
        S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? s3!.accessKeyId,
        S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? s3!.secretAccessKey,
      }).storage,
    );

  it('puts, stats, reads whole and by range, and deletes', async () => {
    const bucket = await storage();
    const key = `test/${Date.now()}/hello.txt`;
    await bucket.put(key, Buffer.from('hello, bucket'), 'text/plain; charset=utf-8');
    expect(await bucket.stat(key)).toMatchObject({ size: 13, contentType: 'text/plain; charset=utf-8' });
    expect(Buffer.concat(await (await bucket.read(key)).toArray()).toString()).toBe('hello, bucket');
    expect(Buffer.concat(await (await bucket.read(key, { start: 7, end: 12 })).toArray()).toString()).toBe('bucket');
    await bucket.delete(key);
    expect(await bucket.stat(key)).toBeNull();
    await expect(bucket.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });

  it('stores a file streamed from disk byte for byte (no transfer framing kept in the object)', async () => {
    const bucket = await storage();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-s3-test-')), 'clip.bin');
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 251));
    fs.writeFileSync(file, data);
    const key = `test/${Date.now()}/clip.bin`;
    await bucket.putFile(key, file, 'application/octet-stream');
    expect(await bucket.stat(key)).toMatchObject({ size: data.length });
    expect(Buffer.concat(await (await bucket.read(key)).toArray()).equals(data)).toBe(true);
    await bucket.delete(key);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
