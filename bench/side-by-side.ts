/**
 * npm run bench:side-by-side -- <commit> [/path,/path…]: this checkout's uncached renders against another commit's
 * (the code before a change), at the same time; with `bare` instead of a commit, against the bare Astro page of
 * `npm run bench` (24 static cards, bench/bare-astro/) whatever the path, to see what a page costs beside it.
 *
 * Tessera runs on PostgreSQL (SEED=demo SEED_SCALE=2, PAGE_CACHE_SECONDS=0; the two commits' servers on one database),
 * every server pinned to the one server core, and each gets its own wrk (1 × 32) for the same seconds: the core is
 * shared, so a machine that slows down (this one's speed swings by 2× within minutes) slows both alike, and the ratio
 * of their rates is the ratio of their costs per request. Loading them one after the other instead left ±20 % of
 * noise between rounds. Prints each round and the mean ratio (this checkout / the other).
 *
 * The other commit is checked out into a temporary worktree (sharing this checkout's node_modules) and built there;
 * this checkout is built if its build is not current. BENCH_SECONDS (3) per round, BENCH_ROUNDS (4). BENCH_MEMBER=1
 * loads the pages as the demo member (logged in once; both servers share the database, so one session serves both).
 * Not a test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/build.ts';
import { mean } from './compare.ts';
import { load } from './load.ts';
import { startBareAstro } from './baselines.ts';
import { startTessera, type Tessera } from './tessera.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const [rev = 'HEAD', pathList = '/videos,/'] = process.argv.slice(2);

function git(args: string[], cwd = ROOT): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The commit checked out and built in a temporary worktree; removed by the returned function. */
function worktreeOf(commit: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-side-by-side-'));
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    git(['worktree', 'remove', '--force', dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    console.log(`Building ${commit.slice(0, 10)} in ${dir}…`);
    const built = spawnSync(process.execPath, ['scripts/build.ts', '--force'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the build of ${commit} failed:\n${built.stdout}\n${built.stderr}`);
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, remove };
}

/** The other side: a server of the other commit (this checkout's then shares its database), or the bare page. */
async function otherSide(): Promise<{ label: string; url: (path: string) => string; now: Tessera; stop: () => Promise<void> }> {
  const env = { PAGE_CACHE_SECONDS: '0' };
  if (rev === 'bare') {
    const bare = await startBareAstro();
    const now = await startTessera('postgres', env).catch(async (err: unknown) => {
      await bare.stop();
      throw err;
    });
    return { label: 'the bare Astro page', url: () => bare.url, now, stop: () => bare.stop() };
  }
  const commit = git(['rev-parse', rev]);
  const tree = worktreeOf(commit);
  try {
    const before = await startTessera('postgres', env, { root: tree.dir });
    const now = await startTessera('postgres', env, { shareWith: before }).catch(async (err: unknown) => {
      await before.stop();
      throw err;
    });
    const stop = () => before.stop().finally(tree.remove);
    return { label: `${rev} (${commit.slice(0, 10)})`, url: (p) => before.url + p, now, stop };
  } catch (err) {
    tree.remove();
    throw err;
  }
}

/** The demo member's session cookie, when the pages are to be loaded as the member. */
async function memberCookie(base: string): Promise<Record<string, string>> {
  if (!process.env.BENCH_MEMBER) return {};
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'member', password: 'member-pass-123' }),
  });
  if (res.status !== 200) throw new Error(`the demo member could not log in: ${res.status} ${await res.text()}`);
  return { cookie: `token=${(await res.json()).data.token}` };
}

ensureBuilt();
const other = await otherSide();
try {
  const headers = await memberCookie(other.now.url);
  const who = headers.cookie ? 'as the demo member' : 'as a visitor';
  console.log(`\nUncached renders ${who}, ${ROUNDS} rounds of ${SECONDS} s, both loaded at once on one core: this checkout / ${other.label}`);
  for (const p of pathList.split(',')) {
    const both = () => Promise.all([load({ url: other.url(p), seconds: SECONDS, headers }), load({ url: other.now.url + p, seconds: SECONDS, headers })]);
    await both();
    const ratios: number[] = [];
    const rounds: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await both();
      ratios.push(b.rps / a.rps);
      rounds.push(`${Math.round(b.rps)}/${Math.round(a.rps)}`);
    }
    console.log(`  ${p}: ${mean(ratios).toFixed(2)}× (req/s, this checkout/the other, per round: ${rounds.join(', ')})`);
  }
} finally {
  await other.now.stop();
  await other.stop();
}
