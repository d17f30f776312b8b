/**
 * V8 options the matcher runs with, passed through NODE_OPTIONS by everything that starts a
 * matcher (the dev launcher, the benchmark and its replicas, the Kubernetes sketch).
 *
 * A screening allocates briefly, but with V8's default 16 MB semi-spaces a young-generation
 * collection still came every ~140 screenings, and with the index's ~1 GB heap behind it each
 * one paused the screening it landed in for 3-10 ms: 0.7% of screenings, enough to own the 99th
 * percentile. With 64 MB semi-spaces they come four times less often (bench:matcher: 29 -> 7
 * collections over 4,000 screenings), for about 100 MB more resident memory. A semi-space size
 * the operator already chose is left as it is.
 */
export const MATCHER_NODE_OPTIONS = '--max-semi-space-size=64';

const SEMI_SPACE_OPTION = /^--max[-_]semi[-_]space[-_]size(=|$)/;

/** `env` with the matcher's V8 options added to NODE_OPTIONS, unless it already sets a semi-space size. */
export function withMatcherNodeOptions(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (setsSemiSpace(env.NODE_OPTIONS ?? '')) return env;
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, MATCHER_NODE_OPTIONS].filter(Boolean).join(' ') };
}

/** Whether this process (its node options or NODE_OPTIONS) has a semi-space size set. */
export function hasMatcherNodeOptions(env: NodeJS.ProcessEnv = process.env, execArgv: readonly string[] = process.execArgv): boolean {
  return setsSemiSpace(env.NODE_OPTIONS ?? '') || setsSemiSpace(execArgv.join(' '));
}

function setsSemiSpace(options: string): boolean {
  return options.split(/\s+/).some((option) => SEMI_SPACE_OPTION.test(option));
}
