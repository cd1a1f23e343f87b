import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, getConfig, type Config } from './config.ts';
import { DataDirBusyError, DatabaseUnreachableError, openConfiguredDatabase } from './db/client.ts';
import { prepareDatabase, type SeedResult } from './db/seed.ts';
import { demoLoginsFile, formatLogins } from './db/demo-logins.ts';
import { buildApp } from './app.ts';
import { registerSite } from './plugins/site.ts';
import { configuredOrigin, isLoopbackHost } from './lib/public-origin.ts';

/** Opens the database (PGlite in DATA_DIR unless DATABASE_URL), prepares it, and serves site + API + live on one port. */
export async function startServer(config: Config) {
  const started = performance.now();
  const database = await openConfiguredDatabase(config, 'server');
  try {
    const seed = await prepareDatabase(database, config);
    const app = await buildApp(config, { database });
    await registerSite(app, config.distDir);
    // First run without an admin (SEED=none): a one-time token for /admin/setup, printed below.
    const setupToken = await app.services.setup.issueToken();
    app.addHook('onClose', () => database.close());
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.siteOrigin = configuredOrigin(config, port);
    if (!config.publicUrl && !isLoopbackHost(config.host)) {
      app.log.warn(
        `PUBLIC_URL is not set and the server listens on ${config.host}: mailed links, payment returns and canonical URLs point to ${app.siteOrigin}. Set PUBLIC_URL to the address visitors use.`,
      );
    }
    return { app, url: `http://localhost:${port}`, seed, readyMs: Math.round(performance.now() - started), database, setupToken };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

function printBanner(url: string, config: Config, readyMs: number, seed: SeedResult, setupToken: string | null) {
  const lines = [
    '',
    `  Tessera is running at ${url}  (ready in ${readyMs} ms)`,
    `  API ${url}/api · API docs ${url}/api/docs · live connection on the same port`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pgdata')}`}`,
  ];
  if (config.payments.testGateway)
    lines.push('  Payments: the built-in test gateway is on: payments are simulated, no money is taken (PAYMENT_TEST_GATEWAY=off)');
  if (config.seed === 'demo') lines.push('', ...demoLoginLines(config, seed));
  if (setupToken)
    lines.push(
      '',
      '  First run: this site has no admin yet. Create the admin account in the browser:',
      `    ${url}/admin/setup   setup token: ${setupToken}`,
      '  The token works once; every start prints a new one until the admin exists (or: npm run cli -- user create --role admin …).',
    );
  console.log(lines.join('\n') + '\n');
}

/** The demo logins in full right after the first seed (the admin's generated password is shown this once), else where they are kept. */
function demoLoginLines(config: Config, seed: SeedResult): string[] {
  const file = demoLoginsFile(config.dataDir);
  if (seed.logins?.length)
    return [`  Demo logins (username or e-mail / password), shown once and kept in ${file}:`, ...formatLogins(seed.logins).map((l) => `    ${l}`)];
  if (fs.existsSync(file)) return [`  Demo logins: see ${file}`];
  return ['  Demo logins: printed when this database was first seeded (demo-logins.txt in the data folder of that start).'];
}

/** Starts the server from the environment, prints the banner, and stops gracefully on SIGTERM/SIGINT. */
export async function runMain() {
  const config = getConfig();
  // Libraries loaded from here on (React, through the site's handler) read NODE_ENV themselves: a served process
  // without one is production (the config's default), not React's development build.
  process.env.NODE_ENV = config.nodeEnv;
  let started;
  try {
    started = await startServer(config);
  } catch (err) {
    console.error(`\n  Tessera could not start: ${err instanceof Error ? err.message : err}\n`);
    if (!(err instanceof DataDirBusyError || err instanceof ConfigError || err instanceof DatabaseUnreachableError)) console.error(err);
    process.exit(1);
  }
  const { app, url, readyMs, seed, setupToken } = started;
  printBanner(url, config, readyMs, seed, setupToken);
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
