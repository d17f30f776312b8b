/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { chromiumPath } from '../../../infra/dev/chromium';

/**
 * A real headless Chromium for the page tests (infra/dev/chromium.ts). Without one the page tests
 * are skipped and the run prints why: they are reported as skipped, never as passed.
 */
export { launchChromium as launchBrowser } from '../../../infra/dev/chromium';

if (!chromiumPath) {
  process.stderr.write(
    "[browser tests] SKIPPED: no Chromium found (set CHROMIUM_PATH, or install Debian's chromium package: apt-get install chromium).\n",
  );
}

/** `describe` when a Chromium is available, `describe.skip` otherwise. */
export const describeInBrowser: jest.Describe = chromiumPath ? describe : describe.skip;

export interface WatchedPage {
  /** Requests for anything outside the gateway that the page's Content-Security-Policy did not stop. */
  foreignRequests: string[];
  /** Requests outside the gateway that the policy refused before they left the browser. */
  refusedByPolicy: string[];
  consoleErrors: string[];
}

/** What a page asked for outside `origin`, and what it logged as an error. */
export function watchPage(page: Page, origin: string): WatchedPage {
  const watched: WatchedPage = { foreignRequests: [], refusedByPolicy: [], consoleErrors: [] };
  const foreign = (url: string) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:');
  page.on('requestfinished', (req) => {
    if (foreign(req.url())) watched.foreignRequests.push(req.url());
  });
  page.on('requestfailed', (req) => {
    if (!foreign(req.url())) return;
    // Chromium reports a request its Content-Security-Policy refused as failed with "csp" (net::ERR_BLOCKED_BY_CSP).
    if (/^(csp|net::ERR_BLOCKED_BY_CSP)$/.test(req.failure()?.errorText ?? '')) watched.refusedByPolicy.push(req.url());
    else watched.foreignRequests.push(`${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') watched.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => watched.consoleErrors.push(String(err)));
  return watched;
}

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

/** axe-core's WCAG 2.1 A/AA rules (labels, names, contrast, landmarks) run in the page. */
export async function accessibilityViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated through the DevTools protocol: the pages' policy refuses inline scripts, as it should.
  await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}
