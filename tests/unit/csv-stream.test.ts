import { describe, expect, it } from 'vitest';
import { csvRecord, csvLine, toCsv } from '../../src/server/lib/http/csv.ts';
import { csvStream } from '../../src/server/lib/http/csv-stream.ts';

type Row = Record<string, unknown>;
const columns = [
  { key: 'id', label: 'Id' },
  { key: 'name', label: 'Name, full' },
  { key: 'n', label: 'N' },
];
const rowsOf = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, name: i % 3 ? `=x "${i}"` : `plain ${i}`, n: i % 2 ? -i : null, extra: 'not exported' }));

/** Batches as an export reads them, counting the reads and whether it was closed. */
function source(batches: Row[][], failAt = -1) {
  const seen = { reads: 0, closed: false };
  async function* gen() {
    try {
      for (const [i, batch] of batches.entries()) {
        seen.reads++;
        if (i === failAt) throw new Error('connection lost');
        yield batch;
      }
    } finally {
      seen.closed = true;
    }
  }
  return { iterator: gen(), seen };
}

const streamOf = async (batches: Row[][], failAt = -1) => {
  const { iterator, seen } = source(batches, failAt);
  const failures: [unknown, number][] = [];
  const stream = csvStream({ columns, batches: iterator, first: await iterator.next(), onError: (err, rows) => failures.push([err, rows]) });
  return { stream, seen, failures };
};

describe('CSV as a stream of batches', () => {
  it('writes what toCsv writes for the same rows, across batches and pieces', async () => {
    const batches = [rowsOf(0, 450), rowsOf(450, 1), rowsOf(451, 200)];
    const { stream } = await streamOf(batches);
    const text = Buffer.concat(await stream.toArray()).toString('utf8');
    const all = batches.flat();
    expect(text).toBe(
      toCsv(
        columns.map((c) => c.label),
        all.map((r) => columns.map((c) => r[c.key])),
      ),
    );
    expect(all.map((r) => csvRecord(r, ['id', 'name', 'n'])).join('')).toBe(all.map((r) => csvLine([r.id, r.name, r.n])).join(''));
  });

  it('no rows: the byte order mark and the header alone', async () => {
    const { stream } = await streamOf([]);
    expect(Buffer.concat(await stream.toArray()).toString('utf8')).toBe('\uFEFFId,"Name, full",N\r\n');
  });

  it('reads ahead only what fills its buffer while the reader waits, and stops reading when the reader goes', async () => {
    const batches = Array.from({ length: 50 }, (_, b) => rowsOf(b * 1000, 1000));
    const { stream, seen } = await streamOf(batches);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ahead = seen.reads;
    expect(ahead).toBeLessThan(6); // of 50: a high-water mark's worth of pieces (64 kB), not the file
    expect(stream.readableLength).toBeLessThan(stream.readableHighWaterMark + 20_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.reads).toBe(ahead); // nobody reads: nothing more is read
    await reader.return!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([seen.closed, seen.reads]).toEqual([true, ahead]);
  });

  it('a failing batch fails the stream (never a clean end), told with the rows written', async () => {
    const { stream, failures } = await streamOf([rowsOf(0, 10), rowsOf(10, 10), rowsOf(20, 10)], 2);
    await expect(stream.toArray()).rejects.toThrow('connection lost');
    expect(failures.map(([err, rows]) => [(err as Error).message, rows])).toEqual([['connection lost', 20]]);
  });
});
