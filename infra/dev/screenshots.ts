import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { config } from '../base/config';
import { createLogger } from '../base/log';
import { migrate } from '../base/db/migrate';
import { createPool } from '../base/db/pool';
import { startMatcherServer } from '../../matcher/server';
import { createMatcherClient } from '../../matcher/client';
import { wireGateway } from '../../gateway/wiring';
import { createApp } from '../../gateway/app';
import { seedDemo } from './seed';
import { launchChromium } from './chromium';
import { runScript } from './runScript';

/**
 * Screenshots of the lookup, coverage and API reference pages (run by infra/dev/screenshots.sh,
 * which points DATABASE_URL at a scratch database). The lookup page is taken after a lookup of a
 * person on the demo LEIE, so its results show.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function main(): Promise<void> {
  const log = createLogger('screenshots');
  const outDir = path.resolve(config.dataDir, 'screenshots');
  fs.mkdirSync(outDir, { recursive: true });
  // First: without a Chromium there is nothing to start the stack for.
  const browser = await launchChromium();

  await migrate();
  const { demo } = await seedDemo({ dataDir: config.dataDir, scale: 'demo', say: (line) => log.info(line) });
  const pool = createPool({ max: 4 });
  const matcher = await startMatcherServer({ port: 0, pool, logger: createLogger('matcher', 'warn') });
  const client = createMatcherClient(matcher.url);
  for (let i = 0; !(await client.ready()); i++) {
    if (i > 600) throw new Error('the matcher did not load the demo lists');
    await new Promise((r) => setTimeout(r, 100));
  }
  client.close();
  const wiring = await wireGateway({
    matcherUrl: matcher.url,
    redisKeyPrefix: `screenshots:${randomBytes(4).toString('hex')}:`,
    logger: createLogger('gateway', 'warn'),
  });
  const server = http.createServer(createApp(wiring.deps).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const written: string[] = [];
  try {
    for (const viewport of VIEWPORTS) {
      const page = await browser.newPage({ viewport });
      const shoot = async (name: string) => {
        const file = path.join(outDir, `${name}-${viewport.width}x${viewport.height}.png`);
        await page.screenshot({ path: file });
        written.push(file);
      };
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await lookUp(page, demo.listedPerson ?? 'Jordan Q Exampleson');
      await shoot('lookup');
      await page.goto(`${base}/coverage`, { waitUntil: 'networkidle' });
      await shoot('coverage');
      await page.goto(`${base}/docs`, { waitUntil: 'networkidle' });
      await page.waitForSelector('redoc h1', { timeout: 30_000 });
      await shoot('docs');
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
    await wiring.close();
    await matcher.close();
    await pool.end();
  }
  for (const file of written) process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
}

async function lookUp(page: Page, name: string): Promise<void> {
  await page.fill('#name', name);
  await page.click('#submit');
  await page.waitForSelector('#outcome:not([hidden]):not([aria-busy])');
  // Scrolled so the first result, not only the form, is in the picture.
  await page.locator('#outcome-h').scrollIntoViewIfNeeded();
}

runScript(main);
