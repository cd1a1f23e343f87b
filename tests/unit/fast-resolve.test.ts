import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { keptFile } from '../../src/server/lib/runtime/fast-resolve.ts';

const root = path.resolve(import.meta.dirname, '../..');
const hook = pathToFileURL(path.join(root, 'src/server/lib/runtime/fast-resolve.ts')).href;

/** The database layer: every drizzle-orm entry point the server uses, imported by several of the project's files. */
const client = pathToFileURL(path.join(root, 'src/server/db/client.ts')).href;

// In a process of its own: a resolve hook registered in the test runner would stay for every later test.
const script = `
import module from 'node:module';
import { drizzleResolve } from ${JSON.stringify(hook)};
const seen = { quick: 0, remembered: 0, differ: [] };
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    let asked = false;
    const quick = drizzleResolve(specifier, context, (s, c) => ((asked = true), nextResolve(s, c)));
    if (asked) return quick;
    // Not asked of Node's resolver: what it would have said.
    const node = nextResolve(specifier, context);
    seen.quick++;
    if (!specifier.startsWith('.')) seen.remembered++;
    if (quick.url !== node.url || quick.format !== node.format) seen.differ.push({ specifier, parent: context.parentURL, quick, node });
    return node;
  },
});
await import(${JSON.stringify(client)});
console.log(JSON.stringify(seen));
`;

test("drizzle-orm's modules resolve quickly to the very file and format Node's resolver gives", () => {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const seen = JSON.parse(run.stdout) as { quick: number; remembered: number; differ: unknown[] };
  expect(seen.differ).toEqual([]);
  // Most of what the server loads of drizzle goes the quick way, the project's imports of it included.
  expect(seen.quick).toBeGreaterThan(200);
  expect(seen.remembered).toBeGreaterThan(0);
  // A process loading the database layer, each resolution asked twice: one to three seconds, more on a busy machine.
}, 60_000);

/** The whole API server's modules (Fastify and its plugins, the services, drizzle, pg, PGlite), without starting it. */
const app = pathToFileURL(path.join(root, 'src/server/app.ts')).href;

/** Loads the server's modules with the kept answers of `file`, each checked against Node's resolver; prints the counts. */
const keptScript = (file: string) => `
import module from 'node:module';
import { keptAnswers } from ${JSON.stringify(hook)};
const kept = keptAnswers(${JSON.stringify(file)});
const differ = [];
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const quick = kept.resolve(specifier, context, nextResolve);
    const node = nextResolve(specifier, context);
    if (quick.url !== node.url || quick.format !== node.format) differ.push({ specifier, parent: context.parentURL, quick, node });
    return node;
  },
});
await import(${JSON.stringify(app)});
kept.save();
console.log(JSON.stringify({ ...kept.counts(), differ }));
`;

test("a restart answers node_modules' resolutions from the kept answers: the very files and formats Node's resolver gives", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-kept-'));
  const file = path.join(dir, 'server.json');
  const start = () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', keptScript(file)], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { answered: number; learnt: number; differ: unknown[] };
  };
  try {
    const first = start();
    expect([first.answered, first.differ]).toEqual([0, []]);
    expect(first.learnt).toBeGreaterThan(1000);
    const again = start();
    expect(again.differ).toEqual([]);
    // Everything the first start learnt is answered from the file, and nothing is left to learn.
    expect([again.answered, again.learnt]).toEqual([first.learnt, 0]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Two processes loading the whole server, each resolution asked twice: seconds, more on a busy machine.
}, 60_000);

test('the kept answers are for one install and one Node: another install names another file, no install none', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-kept-root-'));
  try {
    expect(keptFile('server', dir)).toBeNull();
    const lock = path.join(dir, 'node_modules', '.package-lock.json');
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, '{"lockfileVersion":3}');
    const before = keptFile('server', dir)!;
    expect(before).toContain(process.version);
    expect(path.dirname(before)).toBe(path.join(dir, 'node_modules', '.cache', 'tessera-resolve'));
    expect(keptFile('worker', dir)).not.toBe(before);
    fs.writeFileSync(lock, '{"lockfileVersion":3,"packages":{}}');
    expect(keptFile('server', dir)).not.toBe(before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
