import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const hook = pathToFileURL(path.join(root, 'src/server/lib/fast-resolve.ts')).href;

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
});
