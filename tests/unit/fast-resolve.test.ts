import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const hook = pathToFileURL(path.join(root, 'src/server/lib/fast-resolve.ts')).href;

/** What the server, worker and CLI import of drizzle-orm (src/server/db/client.ts and the modules). */
const ENTRIES = [
  'drizzle-orm',
  'drizzle-orm/pg-core',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/migrator',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
];

// In a process of its own: a resolve hook registered in the test runner would stay for every later test.
const script = `
import module from 'node:module';
import { drizzleResolve } from ${JSON.stringify(hook)};
const seen = { quick: 0, differ: [] };
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const node = nextResolve(specifier, context);
    const quick = drizzleResolve(specifier, context, () => null);
    if (quick) {
      seen.quick++;
      if (quick.url !== node.url || quick.format !== node.format) seen.differ.push({ specifier, parent: context.parentURL, quick, node });
    }
    return node;
  },
});
for (const entry of ${JSON.stringify(ENTRIES)}) await import(entry);
console.log(JSON.stringify(seen));
`;

test("drizzle-orm's own imports resolve quickly to the very file and format Node's resolver gives", () => {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const seen = JSON.parse(run.stdout) as { quick: number; differ: unknown[] };
  expect(seen.differ).toEqual([]);
  // Most of what the server loads of drizzle goes the quick way.
  expect(seen.quick).toBeGreaterThan(200);
});
