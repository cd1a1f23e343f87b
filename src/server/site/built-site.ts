import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { App as AstroApp } from 'astro/app';
import type { PageMeta } from '../../middleware/page-meta.ts';

/** What the built site's entry (src/entry.server.ts, built to dist/server/entry.mjs) gives the host. */
export interface BuiltSite {
  /** Astro's app: `match` finds a request's route, `render` renders it with the host's locals. */
  site: Pick<AstroApp, 'match' | 'render'>;
  /** What the page of a route pattern declares (`export const meta`). */
  pageMeta: (routePattern: string) => PageMeta;
  /** Where the browser finds the API and the live connection (PUBLIC_API_BASE, SOCKET_ENDPOINT at build time). */
  browserEndpoints: { apiBase: string; socketEndpoint: string };
}

export const builtEntry = (distDir: string) => path.join(distDir, 'server', 'entry.mjs');

export async function loadBuiltSite(distDir: string): Promise<BuiltSite> {
  const entry = builtEntry(distDir);
  if (!fs.existsSync(entry)) throw new Error(`The site is not built (${entry} is missing): run 'npm run build' or 'npm start'.`);
  return (await import(pathToFileURL(entry).href)) as BuiltSite;
}
