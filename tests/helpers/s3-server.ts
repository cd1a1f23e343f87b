import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no types: an S3-compatible server (Koa, objects as files on disk) speaking S3's REST API.
import S3rver from 's3rver';

/** An S3-compatible server of the test's own on a free port, with `bucket` made; `stop()` removes its files. */
export async function startS3(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's own credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      await server.close().catch(() => {});
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
