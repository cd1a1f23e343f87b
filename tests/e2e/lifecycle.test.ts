import fs from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { runCliProcess, startServer } from '../helpers/server.ts';

const cli = (dataDir: string, ...args: string[]) => runCliProcess({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' }, ...args);

describe('the server process', () => {
  // A first start (the demo seeded, its pictures drawn), three CLI runs and a restart: over a minute on a busy machine.
  it('prints the demo logins, holds the data folder, stops cleanly on SIGTERM, and restarts on the same data', { timeout: 150_000 }, async () => {
    // A high password cost makes a login take a few hundred ms: long enough to be in flight when SIGTERM arrives.
    // LOG_LEVEL=info: the server logs each request it receives, so the test knows when one is in flight.
    const first = await startServer({ env: { PASSWORD_COST: '131072', LOG_LEVEL: 'trace' } });
    const dataDir = first.dataDir;
    try {
      expect(first.output()).toMatch(/member\s+member\s+member@tessera\.local\s+member-pass-123/);
      // The admin's password is random, printed this once and kept (owner-only) in the data folder.
      const adminPassword = first.adminPassword();
      expect(adminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(first.output()).toMatch(new RegExp(`admin\\s+admin\\s+admin@tessera\\.local\\s+${adminPassword}`));
      expect(fs.statSync(path.join(dataDir, 'demo-logins.txt')).mode & 0o777).toBe(0o600);
      const asAdmin = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      });
      expect(asAdmin.status).toBe(200);
      expect(first.output()).toContain('/api/docs');

      // The CLI cannot open the folder while the server holds it, and says so.
      const busy = cli(dataDir, 'settings', 'set', 'siteName', 'Busy');
      expect(busy.status).toBe(2);
      expect(busy.stderr).toMatch(/in use by the Tessera server \(pid \d+/);

      // A live connection is closed by the shutdown at its transport (so a client reconnects, to another process behind
      // a balancer); the process exits 0 and releases the folder.
      const socket = io(first.url, { transports: ['websocket'], reconnection: false });
      await new Promise<void>((r) => socket.once('connect', () => r()));
      const disconnected = new Promise<string>((r) => socket.once('disconnect', (reason) => r(reason)));
      const loginsReceived = (output: string) => output.match(/"msg":"→ POST \/api\/auth\/login"/g)?.length ?? 0;
      const loginsBefore = loginsReceived(first.output());
      const inFlight = fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'member', password: 'member-pass-123' }),
      });
      await expect.poll(() => loginsReceived(first.output())).toBe(loginsBefore + 1);
      first.process.kill('SIGTERM');
      // The request that was being served completes; new ones are refused while closing.
      expect((await inFlight).status).toBe(200);
      // Asked for (here by LOG_LEVEL=trace, like ACCESS_LOG=1 or debug): one short line per answered request.
      expect(first.output()).toMatch(/"msg":"POST \/api\/auth\/login 200 \d+\.\d ms"/);
      const exitCode = await new Promise<number | null>((r) => first.process.once('exit', (code) => r(code)));
      expect(exitCode).toBe(0);
      expect(await disconnected).toBe('transport close');
      expect(fs.existsSync(path.join(dataDir, 'tessera.lock'))).toBe(false);

      // Now the CLI works on the same data ...
      expect(cli(dataDir, 'settings', 'set', 'siteName', 'Mosaic').status).toBe(0);
      expect(cli(dataDir, 'seed').stdout).toContain('already has its demo seed');
    } finally {
      first.process.kill('SIGKILL');
    }

    // ... and a second start reuses the data (no second seed, the operator's change kept).
    const second = await startServer({ env: { DATA_DIR: dataDir, PASSWORD_COST: '131072', LOG_LEVEL: 'info' } });
    try {
      const settings = await (await fetch(`${second.url}/api/settings/public`)).json();
      expect(settings.data.siteName).toBe('Mosaic');
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'member', password: 'member-pass-123' }),
      });
      expect(login.status).toBe(200);
      expect(second.output()).toMatch(/ready in \d+ ms/);
      // At the default level requests are not logged (nor is anything else for a request that went well).
      expect(second.output()).not.toContain('/api/auth/login');
      expect(second.output()).toContain(`Demo logins: see ${path.join(dataDir, 'demo-logins.txt')}`);
      // The demo's payments are simulated, and the banner says so without naming a setting that reads as "off".
      expect(second.output()).toContain('Payments: simulated by the built-in test gateway, no money is taken;');
      expect(second.output()).not.toMatch(/test gateway is on[^\n]*=off\)/);
      expect(second.output()).not.toContain(first.adminPassword());
    } finally {
      await second.stop();
    }
  });
});
