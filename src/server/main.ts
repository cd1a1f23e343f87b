import path from 'node:path';
import { ConfigError, getConfig, type Config } from './config.ts';
import { DataDirBusyError, openConfiguredDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, prepareDatabase } from './db/seed.ts';
import { buildApp } from './app.ts';
import { registerSite } from './plugins/site.ts';

/** Opens the database (PGlite in DATA_DIR unless DATABASE_URL), prepares it, and serves site + API + live on one port. */
export async function startServer(config: Config) {
  const started = performance.now();
  const database = await openConfiguredDatabase(config, 'server');
  try {
    const { seeded } = await prepareDatabase(database, config);
    const app = await buildApp(config, { database });
    await registerSite(app, config.distDir);
    app.addHook('onClose', () => database.close());
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
    return { app, url: `http://${host}:${port}`, seeded, readyMs: Math.round(performance.now() - started), database };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

function printBanner(url: string, config: Config, readyMs: number) {
  const lines = [
    '',
    `  Tessera is running at ${url}  (ready in ${readyMs} ms)`,
    `  API ${url}/api · API docs ${url}/api/docs · live connection on the same port`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pgdata')}`}`,
  ];
  if (config.seed === 'demo') {
    lines.push('', '  Demo logins (username or e-mail / password):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(6)} ${a.username.padEnd(8)} ${a.email.padEnd(22)} ${a.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** Starts the server from the environment, prints the banner, and stops gracefully on SIGTERM/SIGINT. */
export async function runMain() {
  const config = getConfig();
  let started;
  try {
    started = await startServer(config);
  } catch (err) {
    console.error(`\n  Tessera could not start: ${err instanceof Error ? err.message : err}\n`);
    if (!(err instanceof DataDirBusyError || err instanceof ConfigError)) console.error(err);
    process.exit(1);
  }
  const { app, url, readyMs } = started;
  printBanner(url, config, readyMs);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, closing live connections and the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.main) await runMain();
