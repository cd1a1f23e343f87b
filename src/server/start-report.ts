import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config.ts';
import { DataDirBusyError, DatabaseUnreachableError } from './db/client.ts';
import type { SeedResult } from './db/seed.ts';
import { demoLoginsFile, formatLogins } from './db/demo-logins.ts';
import { RedisUnreachableError } from './lib/runtime/redis.ts';

/** What a start prints: the banner once ready (one for all the processes of WEB_CONCURRENCY), or why it could not. */
export function printBanner(url: string, config: Config, readyMs: number, seed: SeedResult, setupToken: string | null) {
  const processes = config.webConcurrency > 1 ? `, ${config.webConcurrency} processes` : '';
  const lines = [
    '',
    `  Tessera is running at ${url}  (ready in ${readyMs} ms${processes})`,
    `  API ${url}/api · API docs ${url}/api/docs · live connection on the same port`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pgdata')}`}`,
  ];
  if (config.payments.testGateway)
    lines.push('  Payments: simulated by the built-in test gateway, no money is taken; real payments need STRIPE_SECRET_KEY and PAYMENT_TEST_GATEWAY=off');
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

/** Why a start failed, in one paragraph (and the stack too when it is not one of the expected refusals). */
export function startFailed(err: unknown): never {
  console.error(`\n  Tessera could not start: ${err instanceof Error ? err.message : err}\n`);
  if (!(err instanceof DataDirBusyError || err instanceof ConfigError || err instanceof DatabaseUnreachableError || err instanceof RedisUnreachableError))
    console.error(err);
  process.exit(1);
}
