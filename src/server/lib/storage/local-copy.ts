import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/** A stored file as a local path for a program that needs one (ffmpeg): the file itself on disk, a temporary copy from S3. */
export async function localCopy(storage: Storage, key: string): Promise<{ path: string; cleanup: () => Promise<void> }> {
  if (storage instanceof LocalStorage) return { path: storage.pathOf(key), cleanup: async () => {} };
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-media-'));
  const file = path.join(dir, path.basename(key));
  await pipeline(await storage.read(key), fs.createWriteStream(file));
  return { path: file, cleanup: () => fsp.rm(dir, { recursive: true, force: true }) };
}
