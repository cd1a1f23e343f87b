import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeClip } from '../helpers/clips.ts';
import { multipart } from '../helpers/commerce.ts';
import { ownStore } from '../helpers/own-store.ts';
import { runCliProcess } from '../helpers/server.ts';
import { spawnApi } from '../helpers/spawn-api.ts';

const store = ownStore('media-crash');
const env = () => store.env({ SEED: 'none', MEDIA_WORKERS: '1', JOBS_SUPERVISE_SECONDS: '1' });

async function call(url: string, pathname: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}
const login = async (url: string): Promise<string> => (await call(url, '/auth/login', null, { username: 'ops', password: 'ops-pass-123' })).data.token;

describe('a process killed while it transcodes', () => {
  it('finishes the job after a restart, and the video reaches the site', { timeout: 120_000 }, async () => {
    await store.prepare();
    const made = runCliProcess(
      env(),
      'user',
      'create',
      '--email',
      'ops@test.local',
      '--password',
      'ops-pass-123',
      '--name',
      'Ops',
      '--username',
      'ops',
      '--role',
      'admin',
    );
    expect(made.status, made.stderr).toBe(0);

    const first = await spawnApi(env());
    const token = await login(first.url);
    const form = await multipart('tide.mp4', new Blob([new Uint8Array(fs.readFileSync(await makeClip({ seconds: 6, width: 1280, height: 720 })))]));
    const uploaded = await fetch(`${first.url}/api/admin/uploads?purpose=video`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': form.contentType },
      body: new Uint8Array(form.payload),
    }).then((r) => r.json());
    const created = await call(first.url, '/admin/videos', token, { title: 'Tide', video: uploaded.data.ref, status: 'active' });
    const id = created.data._id as string;
    // Kill the process without warning while it makes the renditions.
    for (;;) {
      const item = (await call(first.url, `/admin/videos/${id}`, token)).data;
      expect(item.mediaState).toBe('processing');
      if (item.mediaStep === 'Making the renditions') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await spawnApi(env());
    try {
      const again = await login(second.url);
      let item;
      for (;;) {
        item = (await call(second.url, `/admin/videos/${id}`, again)).data;
        if (item.mediaState !== 'processing') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(item).toMatchObject({ mediaState: 'ready', mediaProgress: 100, mediaError: null });
      expect((await call(second.url, '/assets/videos/tide', null)).data).toMatchObject({ title: 'Tide', video: { width: 1280, height: 720 } });
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  });
});
