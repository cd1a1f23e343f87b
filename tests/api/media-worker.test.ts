import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_QUEUE } from '../../src/server/modules/media/media-pipeline.ts';
import { createMember, login, testDatabaseUrl, useApi } from '../helpers/api.ts';
import { makeClip } from '../helpers/clips.ts';
import { call, multipart } from '../helpers/commerce.ts';
import { TEST_NODE_FLAGS } from '../helpers/server.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run worker` needs PostgreSQL (the embedded database admits one process): this runs in the PostgreSQL pass. */
describe.skipIf(!process.env.DATABASE_URL)('the media worker beside a web process, on one PostgreSQL', () => {
  const h = useApi({ MEDIA_WORKERS: '0' });

  it('a web process with MEDIA_WORKERS=0 only queues; `npm run worker` makes the streams', { timeout: 120_000 }, async () => {
    const admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    const form = await multipart('dusk.mp4', new Blob([new Uint8Array(fs.readFileSync(await makeClip({ seconds: 3 })))]));
    const uploaded = await h.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?purpose=video',
      headers: { authorization: admin, 'content-type': form.contentType },
      payload: form.payload,
    });
    const created = await call(h, 'POST', '/api/admin/videos', { token: admin, body: { title: 'Dusk', video: uploaded.json().data.ref, status: 'active' } });
    expect(created.body.data).toMatchObject({ mediaState: 'processing' });
    expect(await h.app.jobs.queue.pending(MEDIA_QUEUE, { videoId: created.body.data._id })).toEqual({ queued: 1, active: 0 });

    const worker = spawn(process.execPath, [...TEST_NODE_FLAGS, 'src/server/worker.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: testDatabaseUrl!, DATA_DIR: h.config.dataDir, MEDIA_WORKERS: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout.on('data', (d) => (out += d));
    worker.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      for (;;) {
        const item = (await call(h, 'GET', `/api/admin/videos/${created.body.data._id}`, { token: admin })).body.data;
        expect(item.mediaState, out).not.toBe('failed');
        if (item.mediaState === 'ready') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(out).toContain('Tessera worker: up to 1 media job at once');
      expect((await call(h, 'GET', '/api/assets/videos/dusk')).body.data).toMatchObject({ title: 'Dusk', video: { width: 640, height: 360 } });
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
