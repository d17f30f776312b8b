/**
 * How many matcher processes `npm start` runs: MATCHER_REPLICAS, default 2. A matcher screens on
 * one thread, so on two cores a second process lets batches and screens use both; each holds
 * its own index (about 1.25 GB at full list scale), so a replica costs memory, not code.
 * MATCHER_URL set by hand names the matchers itself: one process is started, as named by
 * MATCHER_PORT.
 */
export const DEFAULT_MATCHER_REPLICAS = 2;

export function matcherReplicaCount(env: NodeJS.ProcessEnv): number {
  if (env.MATCHER_URL) return 1;
  const value = env.MATCHER_REPLICAS ?? String(DEFAULT_MATCHER_REPLICAS);
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 16)
    throw new Error(`MATCHER_REPLICAS must be an integer from 1 to 16, got ${value}`);
  return count;
}

/** The port of each replica: MATCHER_PORT and the ones after it. */
export function matcherReplicaPorts(firstPort: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => firstPort + i);
}
