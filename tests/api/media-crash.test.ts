import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CLIPS } from '../../src/server/db/demo/demo-clips.ts';
import { slugify } from '../../src/server/lib/slug.ts';
import { spawnApi } from '../helpers/spawn-api.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-media-crash-'));
let databaseUrl = '';
let dbName = '';

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
});

/** PGlite in a data folder, or (DATABASE_URL) a PostgreSQL database of this test's own. */
async function prepareStore() {
  if (!process.env.DATABASE_URL) return;
  dbName = `tessera_media_crash_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.href;
}

const start = () =>
  spawnApi({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PASSWORD_COST: '1024',
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    DEMO_ADMIN_PASSWORD: 'admin-pass-123',
    MEDIA_WORKERS: '1',
    JOBS_SUPERVISE_SECONDS: '1',
  });

async function get(url: string, pathname: string, token: string | null = null) {
  const res = await fetch(`${url}/api${pathname}`, { headers: token ? { authorization: token } : {} });
  return res.json();
}
async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin-pass-123' }),
  });
  return (await res.json()).data.token;
}

interface Row {
  title: string;
  mediaState: string;
  mediaProgress: number;
}
const demoVideos = async (url: string, token: string): Promise<Row[]> =>
  (await get(url, '/admin/videos?limit=50', token)).data.data.filter((v: Row) => DEMO_CLIPS.some((c) => c.title === v.title));

describe('a process killed while it transcodes', () => {
  it('finishes the job after a restart: the demo clips become streams and reach the site', { timeout: 180_000 }, async () => {
    await prepareStore();
    const first = await start();
    const token = await adminToken(first.url);
    // Wait until the first clip is being made into renditions, then kill the process without warning.
    for (;;) {
      const rows = await demoVideos(first.url, token);
      expect(rows.map((r) => r.mediaState)).not.toContain('failed');
      if (rows.some((r) => r.mediaState === 'processing' && r.mediaProgress >= 10 && r.mediaProgress < 80)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start();
    try {
      const again = await adminToken(second.url);
      let rows: Row[] = [];
      for (;;) {
        rows = await demoVideos(second.url, again);
        if (rows.every((r) => r.mediaState !== 'processing')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(rows.map((r) => [r.title, r.mediaState]).sort()).toEqual(DEMO_CLIPS.map((c) => [c.title, 'ready']).sort());
      for (const clip of DEMO_CLIPS) {
        const seen = await get(second.url, `/assets/videos/${slugify(clip.title)}`);
        expect(seen.data, clip.title).toMatchObject({ title: clip.title, video: { mimeType: 'video/mp4' } });
      }
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  });
});
