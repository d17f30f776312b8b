import type { RescreenDeps } from '../screeningPipeline';
import { keyGroupsOnVersion, type KeyGroupsOnVersion } from './crossingGroups';
import { MATCHER_WAIT } from '../matcherWait';
import type { VersionChange } from '../changes';
import type { ReachScope } from './reach';

/** The wait for the matcher to serve the version, started early so that the reach and the pre-check run meanwhile. */
export interface MatcherGate {
  /** The wait has ended, served or failed: the records held for it are screened (or the failure thrown) now. */
  ended(): boolean;
  /** Waits for the matcher to serve the version: the key groups measured there, and how long this call waited. */
  served(): Promise<{ measured: KeyGroupsOnVersion; waitedMs: number }>;
  /** Stops polling (the fan-out failed or ended meanwhile). */
  stop(): void;
}

/**
 * Stage 3, wait for the matcher (started before the reach): polls until the matcher serves the
 * version, then measures there the key groups the change switched on or off through entries it
 * did not touch (crossingGroups.ts). Neither a registry version nor a large change measures any.
 */
export function startMatcherWait(
  deps: Pick<RescreenDeps, 'pool' | 'matcher'>,
  change: VersionChange,
  scope: Pick<ReachScope, 'large' | 'superseded'>,
  onWait: () => void,
): MatcherGate {
  const stopPolling = new AbortController();
  const onVersion = keyGroupsOnVersion(deps.pool, deps.matcher, change, scope.superseded, {
    withGroups: !change.registry && !scope.large,
    wait: { ...MATCHER_WAIT, onWait, signal: stopPolling.signal },
  });
  let ended = false;
  onVersion.then(
    () => (ended = true),
    () => (ended = true),
  );
  return {
    ended: () => ended,
    async served() {
      const from = Date.now();
      const measured = await onVersion;
      return { measured, waitedMs: Date.now() - from };
    },
    stop: () => stopPolling.abort(),
  };
}
