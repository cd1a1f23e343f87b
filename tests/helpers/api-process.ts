/**
 * The API (no site) as a process of its own, for tests that kill it: opens the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL), migrates and seeds like the server, listens, and prints `listening at <url>`.
 */
import { getConfig } from '../../src/server/config.ts';
import { openConfiguredDatabase } from '../../src/server/db/client.ts';
import { prepareDatabase } from '../../src/server/db/seed.ts';
import { buildApp } from '../../src/server/app.ts';

const config = getConfig();
const database = await openConfiguredDatabase(config, 'server');
await prepareDatabase(database, config);
const app = await buildApp(config, { database, realtime: false });
app.addHook('onClose', () => database.close());
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening at ${url}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
