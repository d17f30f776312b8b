import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { createMetricsRegistry } from '../infra/base/metrics/registry';
import type { MatcherSnapshot } from './loader';

/** The matcher's metrics: labels are its fixed routes, status codes and list source keys only. */
export interface MatcherMetrics {
  registry: Registry;
  requests: Counter<'route' | 'status'>;
  screening: Histogram<'route'>;
  candidatesScored: Histogram<'route'>;
}

export function createMatcherMetrics(current: () => MatcherSnapshot | null): MatcherMetrics {
  const registry = createMetricsRegistry('matcher');
  new Gauge({
    name: 'matcher_list_version_age_seconds',
    help: 'Age of each list version the loaded index holds, from its retrieval to now.',
    labelNames: ['source'],
    registers: [registry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const v of current()?.versions ?? []) this.set({ source: v.source }, (now - Date.parse(v.retrievedAt)) / 1000);
    },
  });
  new Gauge({
    name: 'matcher_index_entries',
    help: 'List entries in the loaded index (0 before the first load).',
    registers: [registry],
    collect() {
      this.set(current()?.stats.entries ?? 0);
    },
  });
  return {
    registry,
    requests: new Counter({
      name: 'matcher_requests_total',
      help: 'Requests answered, by route and status.',
      labelNames: ['route', 'status'],
      registers: [registry],
    }),
    screening: new Histogram({
      name: 'matcher_screening_duration_seconds',
      help: 'Time to screen one subject or look up one name, by route.',
      labelNames: ['route'],
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
    candidatesScored: new Histogram({
      name: 'matcher_candidates_scored',
      help: 'Listed names scored against one subject, by route.',
      labelNames: ['route'],
      buckets: [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
      registers: [registry],
    }),
  };
}
