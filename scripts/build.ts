/**
 * Builds the site when its sources changed since the last build (a hash of them is stamped into dist/), then writes
 * .br and .gz next to every compressible client file so they are served precompressed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.source-hash');
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest|map)$/;

function* files(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Everything the site build reads: pages, islands, stores, shared code, public files and the configs (not src/server). */
export function sourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [...files(path.join(root, 'src')), ...files(path.join(root, 'public'))]
    .filter((f) => !f.startsWith(path.join(root, 'src', 'server') + path.sep) || f.endsWith('dev-integration.ts'))
    .concat(['astro.config.mjs', 'package.json', 'tsconfig.json'].map((f) => path.join(root, f)))
    .sort();
  for (const file of inputs) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex');
}

export function isBuildCurrent(): boolean {
  return fs.existsSync(path.join(dist, 'server', 'entry.mjs')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === sourceHash();
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

/** Builds unless the last build is current (or `force`). */
export function ensureBuilt({ force = false } = {}): void {
  if (!force && isBuildCurrent()) return;
  const hash = sourceHash();
  console.log('Building the site…');
  const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  // Always a production build, whoever calls it (Vitest sets NODE_ENV=test, which would emit development JSX).
  const env = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
  const result = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  console.log(`Precompressed ${precompress()} client files.`);
  fs.writeFileSync(stampFile, hash);
}

if (import.meta.main) {
  try {
    ensureBuilt({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
