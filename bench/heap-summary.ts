/**
 * Heap snapshot summaries (bench/memory.ts): objects by constructor name, other nodes by kind, with counts and self
 * sizes, and the difference between two snapshots. Reads the snapshot's numbers straight from the file's bytes, so
 * snapshots far bigger than a string can hold are fine.
 *
 *   node bench/heap-summary.ts before.heapsnapshot after.heapsnapshot   (the growth from one to the other)
 */
import fs from 'node:fs';

export type HeapSummary = Map<string, { count: number; size: number }>;

interface Meta {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] }; node_count: number };
}

/** The numbers of the array that starts at `from` (just after its '['), up to its ']'. */
function readNumbers(buf: Buffer, from: number, expected: number): Float64Array {
  const out = new Float64Array(expected);
  let n = 0;
  let value = 0;
  let inNumber = false;
  for (let i = from; i < buf.length; i++) {
    const c = buf[i]!;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) out[n++] = value;
      value = 0;
      inNumber = false;
      if (c === 93) break; // ]
    }
  }
  if (n !== expected) throw new Error(`heap snapshot: read ${n} numbers, expected ${expected}`);
  return out;
}

export function summarize(file: string): { summary: HeapSummary; total: number } {
  const buf = fs.readFileSync(file);
  const nodesAt = buf.indexOf('"nodes":[');
  const header = buf.subarray(0, nodesAt).toString('utf8').trim().replace(/,$/, '');
  const meta = JSON.parse(`${header}}`) as Meta;
  const fields = meta.snapshot.meta.node_fields;
  const types = meta.snapshot.meta.node_types[0];
  const [TYPE, NAME, SIZE] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const nodes = readNumbers(buf, nodesAt + '"nodes":['.length, meta.snapshot.node_count * fields.length);
  const stringsAt = buf.lastIndexOf('"strings":[');
  const stringsEnd = buf.lastIndexOf(']');
  const strings = JSON.parse(buf.subarray(stringsAt + '"strings":'.length, stringsEnd + 1).toString('utf8')) as string[];

  const summary: HeapSummary = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + TYPE]!]!;
    const size = nodes[i + SIZE]!;
    const key = type === 'object' ? strings[nodes[i + NAME]!]! : type === 'native' ? `(native) ${strings[nodes[i + NAME]!]!.slice(0, 60)}` : `(${type})`;
    const entry = summary.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += size;
    summary.set(key, entry);
    total += size;
  }
  return { summary, total };
}

export interface Growth {
  key: string;
  count: number;
  size: number;
}

/** What grew from `a` to `b`, biggest size first. */
export function growth(a: HeapSummary, b: HeapSummary, top = 15): Growth[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys]
    .map((key) => ({ key, count: (b.get(key)?.count ?? 0) - (a.get(key)?.count ?? 0), size: (b.get(key)?.size ?? 0) - (a.get(key)?.size ?? 0) }))
    .sort((x, y) => y.size - x.size)
    .slice(0, top);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function printGrowth(label: string, a: ReturnType<typeof summarize>, b: ReturnType<typeof summarize>, top = 12): void {
  console.log(`  ${label}: live JS heap ${mb(a.total)} → ${mb(b.total)} (${b.total >= a.total ? '+' : ''}${mb(b.total - a.total)})`);
  for (const g of growth(a.summary, b.summary, top)) {
    if (g.size <= 0) break;
    console.log(`    ${g.key.slice(0, 60).padEnd(60)} ${`+${mb(g.size)}`.padStart(10)} ${`${g.count >= 0 ? '+' : ''}${g.count}`.padStart(9)} objects`);
  }
}

if (import.meta.main) {
  const [a, b] = process.argv.slice(2);
  printGrowth(`${a} → ${b}`, summarize(a!), summarize(b!), 25);
}
