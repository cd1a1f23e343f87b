import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';

const DRIZZLE = '/node_modules/drizzle-orm/';
const ROOT = path.resolve(import.meta.dirname, '../../../..');

let installed = false;

/**
 * Makes module resolution cheap at every start of the server (and of its workers and CLI), in two ways.
 *
 * 1. drizzle-orm's modules are resolved without most of Node's resolver (`drizzleResolve`). The slow part of Node's
 *    resolver is its package-scope lookup. That lookup runs for every file the resolver returns, and on Node 24 it
 *    parses the package's whole `exports` map each time. drizzle-orm's package.json is 179 KB with 447 exports, so
 *    loading its ~400 modules took ~0.6 s of CPU at every start.
 * 2. Every answer that lands in node_modules is kept on disk between starts (`keptAnswers`): a restart asks Node's
 *    resolver (file checks, realpath, package.json reads: ~0.3 s of CPU for the server's ~4,900 imports of packages)
 *    only for the project's own files. The kept answers are for one set of installed packages and one Node: the file
 *    is named by both (npm rewrites node_modules/.package-lock.json at every install), so an install starts a new one.
 *
 * tests/unit/fast-resolve.test.ts checks every such answer against Node's own resolver.
 *
 * Every entry point (main.ts, worker.ts, cli/index.ts) calls this first, with its name (each loads its own set of
 * modules), before loading the rest.
 */
export function resolveQuickly(entry: string): void {
  if (installed) return;
  installed = true;
  const kept = keptAnswers(keptFile(entry));
  module.registerHooks({ resolve: kept.resolve });
  process.once('exit', kept.save);
}

/** drizzle-orm's entry points as resolved for the project's own files (the same from every one of them). */
const entries = new Map<string, module.ResolveFnOutput>();

/** The resolve hook for drizzle-orm (exported for the test). */
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

/** Where an entry point's answers are kept for the installed packages and this Node; null without an npm install. */
export function keptFile(entry: string, root = ROOT): string | null {
  try {
    const lock = fs.statSync(path.join(root, 'node_modules', '.package-lock.json'));
    return path.join(root, 'node_modules', '.cache', 'tessera-resolve', `${entry}-${process.version}-${lock.size}-${Math.round(lock.mtimeMs)}.json`);
  } catch {
    return null;
  }
}

interface Kept {
  url: string;
  format?: string | null;
}

/**
 * The answers kept in `file` (read once), the resolve hook that answers from them first (then drizzle's, then Node's),
 * and `save`, which writes them back with those this process learnt, if it learnt any. Only answers inside
 * node_modules are kept: they change with an install alone. The project's own files may change between starts.
 */
export function keptAnswers(file: string | null) {
  let known: Record<string, Kept> = {};
  try {
    if (file) known = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Kept>;
  } catch {
    /* none yet, or unreadable: learnt again */
  }
  const used: Record<string, Kept> = {};
  let learnt = 0;
  let answered = 0;
  const resolve: module.ResolveHookSync = (specifier, context, nextResolve) => {
    const key = `${context.parentURL ?? ''}\n${specifier}\n${context.conditions.join(',')}\n${context.importAttributes?.type ?? ''}`;
    const hit = known[key];
    if (hit) {
      used[key] = hit;
      answered++;
      return { url: hit.url, format: hit.format, shortCircuit: true };
    }
    const answer = drizzleResolve(specifier, context, nextResolve);
    if (answer.url.startsWith('file:') && answer.url.includes('/node_modules/')) {
      used[key] = { url: answer.url, format: answer.format };
      learnt++;
    }
    return answer;
  };
  const save = () => {
    if (!file || learnt === 0) return;
    // What other runs of the entry point used stays, unless most of it went unused (a rebuilt site's old chunks).
    const all = { ...known, ...used };
    const keep = Object.keys(all).length > 1.5 * Object.keys(used).length ? used : all;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}`;
      fs.writeFileSync(temporary, JSON.stringify(keep));
      fs.renameSync(temporary, file);
    } catch {
      /* a read-only install: resolved the long way next time too */
    }
  };
  return { resolve, save, counts: () => ({ answered, learnt }) };
}
