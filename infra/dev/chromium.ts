import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The Chromium the page tests and `npm run screenshots` drive through Playwright: CHROMIUM_PATH,
 * or Debian's `chromium` package (chromium.sh installs it); Playwright downloads no browser here.
 */
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const chromiumPath: string | null = CANDIDATES.find((p): p is string => !!p && fs.existsSync(p)) ?? null;

export async function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error("no Chromium: install Debian's chromium package or set CHROMIUM_PATH");
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // Root in a container: Chromium's sandbox needs user namespaces it may not have; /dev/shm is small.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
}
