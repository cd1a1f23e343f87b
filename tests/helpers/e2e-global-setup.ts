import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../../scripts/build.ts';
import { makeTemplate, TEMPLATE_VARIABLE } from './server.ts';
import { CHROMIUM_PATH, hasChromium } from './browser.ts';
import { ensureDemoMediaCache } from '../../src/server/db/demo/demo-media.ts';

/** Browser tests run against the production build, in the system Chromium. */
export default async function setup() {
  if (!hasChromium()) {
    const message = `Browser tests need Chromium at ${CHROMIUM_PATH}: install it with 'apt-get install chromium' (or set CHROMIUM_PATH).`;
    if (process.env.CI) throw new Error(message);
    console.warn(`\n  ⚠  ${message}\n  ⚠  The e2e tests are SKIPPED on this machine.\n`);
    return;
  }
  ensureBuilt();
  await ensureDemoMediaCache();
  // One seeded data folder for the run: servers copy it rather than seeding the demo each (tests/helpers/server.ts).
  // It is made while the API tests run (they come first and need none); a browser test's server waits for it.
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-template-'));
  process.env[TEMPLATE_VARIABLE] = template;
  const making = makeTemplate(template).then(
    () => fs.writeFileSync(`${template}.ready`, ''),
    (err: Error) => fs.writeFileSync(`${template}.failed`, err.stack ?? String(err)),
  );
  return async () => {
    await making;
    for (const f of [template, `${template}.ready`, `${template}.failed`]) fs.rmSync(f, { recursive: true, force: true });
  };
}
