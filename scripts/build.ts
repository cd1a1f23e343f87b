/**
 * Builds the site when its sources changed since the last build (a hash of them is stamped into dist/), then writes
 * .br and .gz next to every compressible client file so they are served precompressed. Whether the build is current is
 * first asked of the sources' sizes and modification times (stamped beside the hash): a start on an unchanged tree
 * reads no file; only when they moved are the contents hashed (a checkout or `touch` that changed nothing builds nothing).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { progressShown, step } from '../src/server/lib/runtime/progress.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.source-hash');
/** The sources' paths, sizes and modification times at the last build (or the last check that found it current). */
const statStampFile = path.join(dist, '.source-stat');
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest|map)$/;

function* files(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Everything the site build reads: pages, islands, stores, shared code, public files and the configs (not src/server, but for the dev server and the adapter). */
function sourceFiles(): string[] {
  return [...files(path.join(root, 'src')), ...files(path.join(root, 'public'))]
    .filter((f) => !f.startsWith(path.join(root, 'src', 'server') + path.sep) || f.endsWith('dev-integration.ts') || f.endsWith('astro-adapter.ts'))
    .concat(['astro.config.mjs', 'package.json', 'tsconfig.json'].map((f) => path.join(root, f)))
    .sort();
}

export function sourceHash(inputs = sourceFiles()): string {
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** The sources' names, sizes and modification times: changes with any edit, without reading a file. */
function statFingerprint(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs) {
    const st = fs.statSync(file);
    hash.update(`${path.relative(root, file)}\0${st.size}\0${st.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

const readStamp = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

export function isBuildCurrent(): boolean {
  const hash = readStamp(stampFile);
  if (!fs.existsSync(path.join(dist, 'server', 'entry.mjs')) || !hash) return false;
  const inputs = sourceFiles();
  const stats = statFingerprint(inputs);
  if (readStamp(statStampFile) === stats) return true;
  if (sourceHash(inputs) !== hash) return false;
  // Touched but unchanged: remember these times, so that the next check is the cheap one again.
  fs.writeFileSync(statStampFile, stats);
  return true;
}

function precompress() {
  let count = 0;
  for (const file of files(path.join(dist, 'client'))) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

/**
 * Builds unless the last build is current (or `force`). Under the start's progress lines (src/server/lib/runtime/progress.ts)
 * it is one of them and Astro's own output is shown only if the build fails; otherwise Astro prints as it goes.
 */
export function ensureBuilt({ force = false } = {}): void {
  if (!force && isBuildCurrent()) return;
  const inputs = sourceFiles();
  const stats = statFingerprint(inputs);
  const hash = sourceHash(inputs);
  const quietly = progressShown();
  const building = step('Building the site', { announce: true });
  if (!quietly) console.log('Building the site…');
  const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  // Always a production build, whoever calls it (Vitest sets NODE_ENV=test, which would emit development JSX).
  const env = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: quietly ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    building.fail();
    if (quietly) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`astro build failed (exit ${result.status})`);
  }
  const compressed = precompress();
  if (!quietly) console.log(`Precompressed ${compressed} client files.`);
  building.done(`(${compressed} files precompressed)`);
  fs.writeFileSync(stampFile, hash);
  fs.writeFileSync(statStampFile, stats);
}

if (import.meta.main) {
  try {
    ensureBuilt({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
