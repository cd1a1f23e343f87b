import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, contentTypeOf, type ByteRange, type Storage, type StoredObject } from './storage.ts';

/** Media on local disk under one root folder (the default: DATA_DIR/media). */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; throws for a key that is malformed or would resolve outside the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return file;
  }

  put(key: string, body: Buffer): Promise<void> {
    return this.write(key, (tmp) => fsp.writeFile(tmp, body));
  }

  putFile(key: string, source: string): Promise<void> {
    return this.write(key, (tmp) => fsp.copyFile(source, tmp));
  }

  /** Writes a key's file beside it first, then renames it in place: a reader never sees half a file. */
  private async write(key: string, fill: (tmp: string) => Promise<void>): Promise<void> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fill(tmp);
    await fsp.rename(tmp, file);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const st = await fsp.stat(this.pathOf(key));
      return st.isFile() ? { size: st.size, contentType: contentTypeOf(key) } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
