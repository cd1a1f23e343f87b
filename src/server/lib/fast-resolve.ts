import module from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

let installed = false;

/**
 * Resolves drizzle-orm's modules without most of Node's resolver. The slow part of Node's resolver is its
 * package-scope lookup. That lookup runs for every file the resolver returns, and on Node 24 it parses the package's
 * whole `exports` map each time (`getPackageScopeConfig` spreads a lazily parsed getter). drizzle-orm's package.json
 * is 179 KB with 447 exports, so loading its ~400 modules took ~0.6 s of CPU at every start.
 *
 * The answer is the one Node's resolver gives, computed directly:
 * - a relative ESM specifier carries its extension, so its URL is the specifier against its importer;
 * - the format is ESM, because drizzle-orm declares `"type": "module"` and its `.js` files are its ESM build;
 * - `drizzle-orm` and its subpaths, imported by ~50 of the project's files (all under one node_modules), are resolved
 *   by Node once each and remembered.
 *
 * tests/unit/fast-resolve.test.ts checks every such answer against Node's own resolver.
 *
 * Every entry point (main.ts, worker.ts, cli/index.ts) calls this first, before any module that imports drizzle is
 * loaded.
 */
export function resolveDrizzleQuickly(): void {
  if (installed) return;
  installed = true;
  module.registerHooks({ resolve: drizzleResolve });
}

/** drizzle-orm's entry points as resolved for the project's own files (the same from every one of them). */
const entries = new Map<string, module.ResolveFnOutput>();

/** The resolve hook itself (exported for the test). */
export const drizzleResolve: module.ResolveHookSync = (specifier, context, nextResolve) => {
  const parent = context.parentURL;
  if (parent?.includes(DRIZZLE) && parent.endsWith('.js') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
  }
  if ((specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) && parent && !parent.includes('/node_modules/')) {
    const key = `${specifier} ${context.conditions.join(',')}`;
    const known = entries.get(key);
    if (known) return { ...known, shortCircuit: true };
    const entry = nextResolve(specifier, context);
    entries.set(key, entry);
    return entry;
  }
  return nextResolve(specifier, context);
};
