/**
 * Lints the API document: builds the app in this process (an in-memory PGlite, the site's routes around it as a
 * start mounts them), writes what `GET /api/docs/json` serves to tmp/openapi.json, and runs Redocly's linter on it
 * with redocly.yaml (its recommended rules, warnings as errors) and .redocly.lint-ignore.yaml (the few reasoned
 * exceptions, which name that file). Fails on any problem. `npm run lint:api`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { getConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { registerSite } from '../src/server/site/register.ts';

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lint-api-'));
const out = path.join(root, 'tmp', 'openapi.json');

/**
 * A stand-in for the built site (dist/server/entry.mjs and dist/client/): the document must not depend on whether the
 * site was built, and the site's own routes are mounted as in a start, so that one of them leaking into the document
 * is caught here too.
 */
function stubSite(dir: string): string {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  const entry = [
    "export const site = { match: () => ({ route: '/404' }), render: async () => new Response(null, { status: 404 }) };",
    'export const pageMeta = () => ({});',
    "export const browserEndpoints = { apiBase: '/api', socketEndpoint: '' };",
  ];
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), `${entry.join('\n')}\n`);
  return dir;
}

async function writeDocument(file: string): Promise<void> {
  const config = getConfig({ NODE_ENV: 'test', DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' });
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    await database.migrate();
    const app = await buildApp(config, { database, realtime: false });
    await registerSite(app, stubSite(path.join(work, 'dist')));
    const res = await app.inject({ url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Whole or not at all (someone else's lint may be reading the last one).
    fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(res.json(), null, 2));
    fs.renameSync(`${file}.${process.pid}`, file);
    await app.close();
  } finally {
    await database.close();
  }
}

try {
  await writeDocument(out);
  console.log(`API document written to ${path.relative(root, out) || out}`);
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const lint = spawnSync(process.execPath, [cli, 'lint', path.relative(root, out), '--config', 'redocly.yaml', '--max-problems', '500'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
