import fs from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';

/** One file of the archive: its path inside the zip and its bytes (a stream is read as the zip takes it). */
export interface ZipEntry {
  name: string;
  body: Readable | Buffer;
}

/**
 * Writes `entries` into a zip at `file` (archiver, deflated), one entry at a time: the next entry is asked for only
 * once the zip has taken the one before, so at most one entry's stream is open and one chunk of it in memory, whatever
 * the archive's size. Resolves with the zip's size in bytes; rejects (the file half-written) when an entry or the
 * disk fails.
 */
export async function writeZip(file: string, entries: AsyncIterable<ZipEntry>): Promise<number> {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(zip, fs.createWriteStream(file));
  // Awaited below; a failure before then is the loop's (an entry's 'error' ends `once`), not an unhandled rejection.
  written.catch(() => {});
  try {
    for await (const entry of entries) {
      const taken = once(zip, 'entry');
      zip.append(entry.body, { name: entry.name });
      await Promise.race([taken, written]);
    }
    await Promise.all([zip.finalize(), written]);
  } catch (err) {
    zip.abort();
    throw err;
  }
  return zip.pointer();
}

/** A stream of JSON Lines: one object a line, a batch of rows at a time as `batches` yields them. */
export function jsonLines(batches: AsyncIterable<object[]>): Readable {
  return Readable.from(
    (async function* () {
      for await (const rows of batches) yield Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    })(),
    { objectMode: false },
  );
}
