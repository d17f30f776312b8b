import type { GatewayDeps, Middleware } from '../context';
import { loadAssets } from './assets';
import { renderCoveragePage } from './coveragePage';
import { REDOC_SCRIPT_PATH, renderDocsPage } from './docsPage';
import { renderLookupPage } from './lookupPage';

/** Pages only load what the gateway serves: no CDN, no inline script, no third-party request. */
const PAGE_POLICY = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
/** Redoc styles through styled-components (inline <style>) and runs its search index in a blob worker. */
const DOCS_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'";

type RenderPage = () => Promise<string> | string;

/**
 * The gateway's web pages, outside the keyed API: GET / (free lookup), GET /coverage and
 * GET /docs, plus the static files they load. `ctx.state.page` names the page for the metrics.
 */
export function servePages(deps: GatewayDeps, limits: { perIpPerMinute: number }): Middleware {
  const assets = loadAssets(REDOC_SCRIPT_PATH);
  const lookup = renderLookupPage(limits);
  const docs = renderDocsPage();
  const pages = new Map<string, { name: string; policy: string; render: RenderPage }>([
    ['/', { name: 'lookup_page', policy: PAGE_POLICY, render: () => lookup }],
    [
      '/coverage',
      { name: 'coverage_page', policy: PAGE_POLICY, render: async () => renderCoveragePage(await deps.buildCoverageView(deps.pool)) },
    ],
    ['/docs', { name: 'docs_page', policy: DOCS_POLICY, render: () => docs }],
  ]);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const page = pages.get(ctx.path);
    if (page) {
      ctx.state.page = page.name;
      const body = await page.render();
      ctx.set('Content-Security-Policy', page.policy);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = body;
      return;
    }
    const asset = assets.get(ctx.path);
    if (asset) {
      ctx.state.page = 'asset';
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.type = asset.type;
      ctx.body = asset.body;
      return;
    }
    await next();
  };
}
