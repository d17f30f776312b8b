import { timingSafeEqual } from 'node:crypto';
import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One Prometheus registry per process role (gateway, matcher, worker), with Node's process
 * metrics. A registry of its own rather than prom-client's global one: tests run several
 * gateways and matchers in one process, and each must count only its own requests.
 */
export function createMetricsRegistry(service: 'gateway' | 'matcher' | 'worker'): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** True when no token is configured, or the request's bearer token equals it (constant time). */
export function metricsAuthorized(authorization: string | undefined, token: string): boolean {
  if (!token) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
