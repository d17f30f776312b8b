import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Pool } from 'pg';
import { createMetricsRegistry } from '../infra/base/metrics/registry';
import type { CoverageView } from '../activities/lists/coverage';

/**
 * The gateway's metrics. Labels are closed sets (the contract's operation ids, page names,
 * status codes, error codes and list source keys): never a path, key, organization or subject.
 */
export interface GatewayMetrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  duration: Histogram<'route' | 'method' | 'status'>;
  rateLimitRefusals: Counter<'route' | 'access'>;
  allowanceRefusals: Counter<'route' | 'code'>;
}

export function createGatewayMetrics(coverage: { pool: Pool; buildCoverageView: (pool: Pool) => Promise<CoverageView> }): GatewayMetrics {
  const registry = createMetricsRegistry('gateway');
  const labelNames = ['route', 'method', 'status'] as const;
  const metrics: GatewayMetrics = {
    registry,
    requests: new Counter({
      name: 'gateway_http_requests_total',
      help: 'HTTP requests answered, by route and status.',
      labelNames,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'gateway_http_request_duration_seconds',
      help: 'Time from request to response, by route and status.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'gateway_rate_limit_refusals_total',
      help: "429 rate_limited answers: per-key windows (access=keyed) and the free lookup's per-IP and global windows (access=public).",
      labelNames: ['route', 'access'],
      registers: [registry],
    }),
    allowanceRefusals: new Counter({
      name: 'gateway_allowance_refusals_total',
      help: '402 answers for a used-up monthly allowance, by error code.',
      labelNames: ['route', 'code'],
      registers: [registry],
    }),
  };
  // Both gauges read one coverage view per scrape; prom-client may collect them concurrently.
  let read: { at: number; view: Promise<CoverageView> } | null = null;
  const freshness = async (): Promise<CoverageView['freshness']> => {
    if (!read || Date.now() - read.at > 1000) read = { at: Date.now(), view: coverage.buildCoverageView(coverage.pool) };
    try {
      return (await read.view).freshness;
    } catch {
      // The database is down: the gauges go missing from this scrape rather than failing all of it.
      return {};
    }
  };
  new Gauge({
    name: 'list_version_age_seconds',
    help: "Time since each source's content last changed: from the first list version carrying its current content hash to now (the coverage report's figures).",
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [source, f] of Object.entries(await freshness())) this.set({ source }, f.ageMs / 1000);
    },
  });
  new Gauge({
    name: 'list_version_stale',
    help: "1 when a source's content has not changed for more than twice its cadence.",
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [source, f] of Object.entries(await freshness())) this.set({ source }, f.stale ? 1 : 0);
    },
  });
  return metrics;
}
