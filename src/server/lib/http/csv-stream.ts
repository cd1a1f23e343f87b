import { Readable } from 'node:stream';
import { CSV_BOM, csvLine, csvRecord } from './csv.ts';

/** Lines per piece handed to the stream: about 40 kB of CSV, so that the stream (64 kB) holds a piece or two, not a batch. */
const LINES_PER_PIECE = 200;

export interface CsvStreamOptions<Row extends Record<string, unknown>> {
  /** The file's columns, in order: the header's labels and each row's values under their keys. */
  columns: readonly { key: string; label: string }[];
  /** Where the rows come from, a batch at a time; the next batch is asked for only once the last is written. */
  batches: AsyncIterator<readonly Row[]>;
  /** The first batch, already read (so that a failure there could still be answered with an error status). */
  first: IteratorResult<readonly Row[]>;
  /** Told when reading a later batch fails, with the rows written so far; the stream then fails with that error. */
  onError: (err: unknown, rows: number) => void;
}

/**
 * A CSV file (as `toCsv` writes it: byte order mark, header, one CRLF line per row) as a byte stream, written as the
 * consumer takes it: `Readable.from` asks the generator below for the next piece only while the stream wants more
 * (its high-water mark), and the generator reads the next batch only once the last piece of the one before is taken,
 * so one batch is in memory at a time whatever the number of rows. When the consumer goes away (`destroy`), the
 * generator is ended, which closes the batches (`return`): no more are read.
 */
export function csvStream<Row extends Record<string, unknown>>({ columns, batches, first, onError }: CsvStreamOptions<Row>): Readable {
  const keys = columns.map((c) => c.key);
  const header = CSV_BOM + csvLine(columns.map((c) => c.label));
  async function* pieces(): AsyncGenerator<string> {
    let rows = 0;
    let top = header;
    try {
      for (let batch = first; !batch.done; batch = await batches.next()) {
        const items = batch.value;
        for (let at = 0; at < items.length; at += LINES_PER_PIECE) {
          let piece = top;
          top = '';
          const end = Math.min(at + LINES_PER_PIECE, items.length);
          for (let i = at; i < end; i++) piece += csvRecord(items[i]!, keys);
          yield piece;
          rows += end - at;
        }
      }
      if (top) yield top; // no rows: the header alone
    } catch (err) {
      onError(err, rows);
      throw err;
    } finally {
      await batches.return?.();
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}
