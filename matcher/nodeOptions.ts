/**
 * V8 options every matcher start passes through NODE_OPTIONS (dev launcher, benchmarks, Kubernetes).
 * 64 MB semi-spaces make young-generation collections, each a 3-10 ms pause with the ~1 GB index
 * heap, four times rarer than the default 16 MB (bench:matcher: 29 -> 7 over 4,000 screenings),
 * keeping them out of the 99th percentile, for about 100 MB more memory. A size the operator set is kept.
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
