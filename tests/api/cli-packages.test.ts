import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliProcess } from '../helpers/server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// Always PGlite in its own folder (the operator's embedded set-up), whatever DATABASE_URL this run has.
const cli = (...args: string[]) => runCliProcess({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'none', LOG_LEVEL: 'silent' }, ...args);

describe('npm run cli -- packages', () => {
  it('adds, lists, disables and enables token packages; bad input is a usage error', { timeout: 60_000 }, () => {
    expect(cli('packages', 'list').stdout).toContain('No token packages.');
    const added = cli('packages', 'add', '--name', 'Pro', '--tokens', '500', '--price', '19.99', '--currency', 'eur');
    expect(added.stdout).toContain('Added Pro: 500 tokens for €19.99.');
    const listed = cli('packages', 'list').stdout;
    expect(listed).toMatch(/^[0-9a-f-]{36} +active +500 tokens +€19\.99 +Pro$/m);
    const id = listed.slice(0, 36);
    expect(cli('packages', 'disable', id).stdout).toContain('disabled');
    expect(cli('packages', 'list').stdout).toContain('disabled  500 tokens');
    expect(cli('packages', 'add', '--name', 'Bad', '--tokens', '0', '--price', '1').status).toBe(2);
    expect(cli('packages', 'add', '--name', 'Bad', '--tokens', '5', '--price', '1', '--currency', 'euro').status).toBe(2);
    expect(cli('packages', 'enable', 'nope').status).toBe(2);
  });
});
