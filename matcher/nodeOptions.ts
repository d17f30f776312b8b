/**
 * V8 options the matcher runs with, passed through NODE_OPTIONS by everything that starts a
 * matcher (the dev launcher, the benchmark and its replicas, the Kubernetes sketch).
 *
 * A screening allocates briefly, but with the default 16 MB young generation a collection
 * still came every ~140 screenings, and with the index's ~1 GB heap behind it each one paused
 * the screening it landed in for 3-10 ms: 0.7% of screenings, enough to own the 99th
 * percentile. At 64 MB they come four times less often (bench:matcher: 29 -> 7 collections
 * over 4,000 screenings), for about 100 MB more resident memory.
 */
export const MATCHER_NODE_OPTIONS = '--max-semi-space-size=64';

/** `env` with the matcher's V8 options added to NODE_OPTIONS. */
export function withMatcherNodeOptions(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (hasMatcherNodeOptions(env)) return env;
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, MATCHER_NODE_OPTIONS].filter(Boolean).join(' ') };
}

export function hasMatcherNodeOptions(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): boolean {
  const given = `${env.NODE_OPTIONS ?? ''} ${execArgv.join(' ')}`.split(/\s+/);
  return MATCHER_NODE_OPTIONS.split(' ').every((option) => given.includes(option));
}
