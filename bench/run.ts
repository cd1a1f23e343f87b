/**
 * npm run bench: Tessera against baselines, alternately in one run, printed as ratios (machines here are noisy). Every
 * server runs in its own process pinned to core 1 with NODE_ENV=production; the load comes from wrk (1 thread, 32
 * connections; autocannon when wrk is absent) pinned to core 0. Not a test: nothing here fails.
 *
 * For each database (PGlite, then a fresh PostgreSQL database; SEED=demo SEED_SCALE=2):
 * 1. `/videos` anonymous from the page cache against a static server of the same bytes (nginx, else node:http); with
 *    nginx, also a node:http server answering the same bytes and headers against it: how near Node itself comes;
 * 2. `/videos` as the demo member (its `token` cookie) against a bare Astro SSR page of 24 cards (bench/bare-astro/);
 * 3. `/videos` anonymous with PAGE_CACHE_SECONDS=0 (a second server) against the same bare page;
 * 4. the API call behind the list, `GET /api/assets/videos/search?limit=24&sortBy=newest&offset=0`, anonymous,
 *    against the bare page for scale (its goal is its own rate);
 * then the JavaScript a first view loads (bench/js-weight.ts) on PGlite, and a markdown table of all of it.
 *
 * BENCH_SECONDS (5) per measurement, BENCH_ROUNDS (2), BENCH_DB=pglite|postgres|both (both), BENCH_JS=0 skips the
 * JavaScript weight, BENCH_CONNECTIONS (32), POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */
import os from 'node:os';
import { ensureBuilt } from '../scripts/build.ts';
import { storableHeaders } from '../src/server/lib/http/send-cached.ts';
import { buildBareAstro, startBareAstro, startStatic, STATIC_SERVER, type Baseline } from './baselines.ts';
import { compare, ms, ROUNDS, rps, SECONDS, type Comparison } from './compare.ts';
import { firstLoadJs, pagesOf } from './js-weight.ts';
import { CONNECTIONS, LOAD_TOOL } from './load.ts';
import { LOAD_CORE, PIN, SERVER_CORE } from './processes.ts';
import { startTessera, type Db, type Tessera } from './tessera.ts';

const DBS: Db[] = process.env.BENCH_DB === 'pglite' ? ['pglite'] : process.env.BENCH_DB === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
const JS = process.env.BENCH_JS !== '0';
const DB_NAME: Record<Db, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const API_PATH = '/api/assets/videos/search?limit=24&sortBy=newest&offset=0';
const API_GOAL = 3000;

/** Everything started, stopped in reverse order at the end, on an error or on Ctrl-C. */
const running: { stop: () => Promise<void> }[] = [];
async function started<T extends { stop: () => Promise<void> }>(thing: Promise<T>): Promise<T> {
  const t = await thing;
  running.push(t);
  return t;
}
async function stop(thing: { stop: () => Promise<void> }): Promise<void> {
  running.splice(running.indexOf(thing), 1);
  await thing.stop();
}
async function stopAll() {
  while (running.length) await running.pop()!.stop();
}
process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));

const ratioGoal = (min: number) => ({ goal: `≥ ${min}×`, meets: (ratio: number) => ratio >= min });
/** A response's headers as a static server would send them again: as the page cache keeps them. */
const pageHeaders = (res: Response) => storableHeaders(Object.fromEntries(res.headers));
/** The figures printed beside the goals, for scale (Node's ceiling against nginx). */
const ceilings: Comparison[] = [];

async function benchDatabase(db: Db, bare: Baseline): Promise<Comparison[]> {
  const name = DB_NAME[db];
  console.log(`\n=== ${name} ===`);
  const results: Comparison[] = [];
  const app: Tessera = await started(startTessera(db));
  const target = (label: string, path: string, headers?: Record<string, string>) => ({ label, url: `${app.url}${path}`, headers });
  const bareTarget = { label: `${bare.label} (24 static cards)`, url: bare.url };

  const page = await fetch(`${app.url}/videos`);
  const bytes = Buffer.from(await page.arrayBuffer());
  const staticServer = await started(startStatic(bytes, pageHeaders(page)));
  const sameBytes = { label: `${staticServer.label}, the same bytes`, url: staticServer.url };
  results.push(
    await compare({
      name: `\`/videos\` anonymous, page cache (${name})`,
      tessera: target(`GET /videos, ${bytes.length} bytes uncompressed`, '/videos'),
      baseline: sameBytes,
      rss: app.rss,
      ...ratioGoal(0.5),
    }),
  );
  if (STATIC_SERVER === 'nginx') {
    // How near Node itself comes: a node:http server that only writes the same bytes with the same headers.
    const node = await started(startStatic(bytes, pageHeaders(page), { node: true }));
    ceilings.push(
      await compare({
        name: `Node's ceiling: node:http answering the same bytes and headers (${name})`,
        tessera: { label: 'node:http, the same bytes and headers', url: node.url },
        baseline: sameBytes,
        rss: app.rss,
        goal: 'for scale',
        meets: () => true,
      }),
    );
    await stop(node);
  }
  await stop(staticServer);

  results.push(
    await compare({
      name: `\`/videos\` as a member (${name})`,
      tessera: target('GET /videos with the demo member token cookie', '/videos', { cookie: `token=${app.memberToken}` }),
      baseline: bareTarget,
      rss: app.rss,
      ...ratioGoal(0.9),
    }),
  );

  results.push(
    await compare({
      name: `API \`GET /api/assets/videos/search\` (${name})`,
      tessera: target(`GET ${API_PATH}, anonymous`, API_PATH),
      baseline: bareTarget,
      rss: app.rss,
      goal: `≥ ${API_GOAL} req/s${db === 'postgres' ? '' : ' (on PostgreSQL)'}`,
      meets: (_ratio, r) => r.rps >= API_GOAL,
    }),
  );
  if (JS && db === DBS[0]) {
    // A page that fails here (a 500 in a browser) is reported; the server figures go on.
    await firstLoadJs(app, await pagesOf(app)).catch((err: Error) => console.log(`\nJavaScript weight: failed (${err.message.split('\n')[0]})`));
  }
  await stop(app);

  const uncached: Tessera = await started(startTessera(db, { PAGE_CACHE_SECONDS: '0' }));
  results.push(
    await compare({
      name: `\`/videos\` anonymous, no page cache (${name})`,
      tessera: { label: 'GET /videos, PAGE_CACHE_SECONDS=0: every request renders', url: `${uncached.url}/videos` },
      baseline: bareTarget,
      rss: uncached.rss,
      ...ratioGoal(0.55),
    }),
  );
  await stop(uncached);
  // The table's order: cached, member, uncached, API.
  return [results[0]!, results[1]!, results[3]!, results[2]!];
}

const goalCell = (r: Comparison) => (ceilings.includes(r) ? r.goal : `${r.goal} ${r.met ? '✓' : '✗'}`);

function table(results: Comparison[]): string {
  const cell = (r: Comparison['tessera']) => `${rps(r.rps)} req/s · p50 ${ms(r.p50)} · p99 ${ms(r.p99)}${r.errors ? ` · ${r.errors} errors` : ''}`;
  return [
    '| page | tessera | baseline | ratio | goal | Tessera RSS before → after |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${cell(r.tessera)} | ${r.baselineLabel}: ${cell(r.baseline)} | ${r.ratio.toFixed(2)} | ${goalCell(r)} | ${r.rssBefore.toFixed(0)} → ${r.rssAfter.toFixed(0)} MB |`,
    ),
  ].join('\n');
}

ensureBuilt();
buildBareAstro();
console.log(
  `machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, node ${process.version}; ${LOAD_TOOL} 1 thread × ${CONNECTIONS} connections, ` +
    `${SECONDS} s per measurement, ${ROUNDS} rounds; ${PIN ? `servers on core ${SERVER_CORE}, load on core ${LOAD_CORE}` : 'not pinned (taskset or a second core missing)'}`,
);
const all: Comparison[] = [];
try {
  const bare = await started(startBareAstro());
  for (const db of DBS) all.push(...(await benchDatabase(db, bare)));
} finally {
  await stopAll();
}
console.log(`\n${SECONDS} s × ${ROUNDS} rounds per figure (means), ${LOAD_TOOL} 1 × ${CONNECTIONS} connections, ${os.cpus().length} cores:\n`);
console.log(table([...all, ...ceilings]));
