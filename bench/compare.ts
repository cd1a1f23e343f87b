/**
 * One comparison of `npm run bench`: a Tessera target against a baseline target, measured alternately (baseline,
 * Tessera) for BENCH_ROUNDS rounds after a one-second warm-up of each, with the Tessera process's RSS before and after.
 */
import { load, type LoadResult } from './load.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

export interface Comparison {
  name: string;
  tessera: LoadResult;
  baseline: LoadResult;
  baselineLabel: string;
  /** Mean of the rounds' Tessera/baseline requests per second. */
  ratio: number;
  rssBefore: number;
  rssAfter: number;
  goal: string;
  met: boolean;
}

/** The mean of the rounds' figures (every bench script's). */
export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const meanResult = (rs: LoadResult[]): LoadResult => ({
  rps: mean(rs.map((r) => r.rps)),
  p50: mean(rs.map((r) => r.p50)),
  p99: mean(rs.map((r) => r.p99)),
  errors: rs.reduce((a, r) => a + r.errors, 0),
});

export const ms = (v: number) => (Number.isNaN(v) ? '?' : v < 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(0)} ms`);
export const rps = (v: number) => Math.round(v).toLocaleString('en-US');
export const fmt = (r: LoadResult) =>
  `${rps(r.rps).padStart(7)} req/s  p50 ${ms(r.p50).padStart(7)}  p99 ${ms(r.p99).padStart(8)}${r.errors ? `  (${r.errors} errors)` : ''}`;

export interface CompareOptions {
  name: string;
  tessera: Target;
  baseline: Target;
  rss: () => number;
  goal: string;
  /** Whether the goal is met, from the ratio and Tessera's mean result. */
  meets: (ratio: number, tessera: LoadResult) => boolean;
}

/** One request to a target: its status, size and page-cache state, to see what the load will get. */
async function probe(t: Target): Promise<string> {
  const res = await fetch(t.url, { headers: t.headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  const cache = res.headers.get('x-page-cache');
  return `${res.status}, ${bytes} bytes${cache ? `, page cache ${cache}` : ''}${res.ok ? '' : '  ← not a 2xx: the figures below are not comparable'}`;
}

export async function compare(o: CompareOptions): Promise<Comparison> {
  console.log(`\n${o.name}`);
  console.log(`  tessera:  ${o.tessera.label} → ${await probe(o.tessera)}`);
  console.log(`  baseline: ${o.baseline.label} → ${await probe(o.baseline)}`);
  const rssBefore = o.rss();
  const run = (t: Target, seconds = SECONDS) => load({ url: t.url, headers: t.headers, seconds });
  await run(o.baseline, 1);
  await run(o.tessera, 1);
  const rounds: { base: LoadResult; app: LoadResult }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const base = await run(o.baseline);
    const app = await run(o.tessera);
    rounds.push({ base, app });
    console.log(`  round ${i + 1}: baseline ${fmt(base)}   tessera ${fmt(app)}   ratio ${(app.rps / base.rps).toFixed(3)}`);
  }
  const rssAfter = o.rss();
  const tessera = meanResult(rounds.map((r) => r.app));
  const baseline = meanResult(rounds.map((r) => r.base));
  const ratio = mean(rounds.map((r) => r.app.rps / r.base.rps));
  const met = o.meets(ratio, tessera);
  console.log(`  mean:    baseline ${fmt(baseline)}   tessera ${fmt(tessera)}   ratio ${ratio.toFixed(3)} (goal ${o.goal}: ${met ? 'met' : 'not met'})`);
  console.log(`  Tessera RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`);
  return { name: o.name, tessera, baseline, baselineLabel: o.baseline.label, ratio, rssBefore, rssAfter, goal: o.goal, met };
}
