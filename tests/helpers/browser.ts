import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The system Chromium (Debian's package); Playwright's own browser downloads cannot work here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = () => fs.existsSync(CHROMIUM_PATH);

export function launchBrowser(): Promise<Browser> {
  if (!hasChromium()) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}. Install it with 'apt-get install chromium' (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
