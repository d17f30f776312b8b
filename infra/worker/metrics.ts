import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { createMetricsRegistry, metricsAuthorized } from '../base/metrics/registry';

/**
 * The worker's metrics: prom-client's registry with activity task counts and durations (by
 * activity type and outcome), followed on the same page by the Temporal SDK's own runtime metrics
 * (poll, slot, schedule-to-start and execution figures), which the SDK's Core exports on a
 * loopback port of its own.
 */
export interface WorkerMetrics {
  registry: Registry;
  activityInterceptor: ActivityInterceptorsFactory;
  /** Counts a list fetch from its publisher: outcome, and for a failure the recipe step and HTTP status. */
  listFetch(event: { sourceKey: string; outcome: string; step: string | null; status: number | null }): void;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = createMetricsRegistry('worker');
  const tasks = new Counter({
    name: 'worker_activity_tasks_total',
    help: 'Activity tasks run by this worker, by activity type and outcome.',
    labelNames: ['activity', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'worker_activity_duration_seconds',
    help: 'Activity task run time, by activity type.',
    labelNames: ['activity'],
    buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 30, 60, 300],
    registers: [registry],
  });
  const activityInterceptor: ActivityInterceptorsFactory = (ctx) => ({
    inbound: {
      async execute(input, next) {
        const activity = ctx.info.activityType;
        const started = process.hrtime.bigint();
        let outcome = 'failed';
        try {
          const result = await next(input);
          outcome = 'completed';
          return result;
        } finally {
          tasks.inc({ activity, outcome });
          duration.observe({ activity }, Number(process.hrtime.bigint() - started) / 1e9);
        }
      },
    },
  });
  const listFetches = new Counter({
    name: 'worker_list_fetch_total',
    help: 'List fetches from their publishers, by source, outcome (new, not_modified, failed), failed recipe step and HTTP status.',
    labelNames: ['source', 'outcome', 'step', 'status'],
    registers: [registry],
  });
  const listFetch: WorkerMetrics['listFetch'] = (event) =>
    listFetches.inc({
      source: event.sourceKey,
      outcome: event.outcome,
      step: event.step ?? '',
      status: event.status === null ? '' : String(event.status),
    });
  return { registry, activityInterceptor, listFetch };
}

/** GET /metrics on host:port: this registry's text, then the SDK runtime's (when it answers). */
export async function serveWorkerMetrics(options: {
  registry: Registry;
  host: string;
  port: number;
  token: string;
  runtimeMetricsUrl: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, options.token)) {
      res.writeHead(401).end();
      return;
    }
    void (async () => {
      let text = await options.registry.metrics();
      try {
        const runtime = await fetch(options.runtimeMetricsUrl, { signal: AbortSignal.timeout(2000) });
        if (runtime.ok) text += `\n${await runtime.text()}`;
      } catch {
        // The SDK's exporter not answering must not hide the worker's own figures.
      }
      res.writeHead(200, { 'content-type': options.registry.contentType }).end(text);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
