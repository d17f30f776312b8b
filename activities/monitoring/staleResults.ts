import type { ScreeningResult } from '../../matcher/types';

/** What a screening must show of one source to be current. */
export interface SourceExpectation {
  source: string;
  /** The screening must cite the source (else it must not). */
  screened: boolean;
  /** Cited only when it was consulted (a registry): not citing it is no staleness. */
  citedOnlyWhenConsulted?: boolean;
  /** The versions of the source a current screening may cite; any when left out. */
  acceptsVersion?: (listVersionId: string) => boolean;
}

/**
 * The one rule for a stale screening result: a result is stale when it leaves out a source it
 * must cite, cites one it must not (a list switched off), or cites one on a version not
 * accepted (a matcher that has not loaded the version yet). Sources without an expectation are
 * not looked at.
 */
export function isStaleResult(result: ScreeningResult, expected: readonly SourceExpectation[]): boolean {
  return expected.some((e) => {
    const cited = result.sources.find((s) => s.source === e.source);
    if (!cited) return e.screened && !e.citedOnlyWhenConsulted;
    return !e.screened || (e.acceptsVersion !== undefined && !e.acceptsVersion(cited.listVersionId));
  });
}

/** Every list (registries aside) cited exactly when it is screened; with `onCurrentVersion`, on its current version. */
export function listsAsScreened(
  lists: ReadonlyArray<{ key: string; registry: boolean; screened: boolean; currentVersionId: string | null }>,
  { onCurrentVersion }: { onCurrentVersion: boolean },
): SourceExpectation[] {
  return lists
    .filter((l) => !l.registry)
    .map((l) => ({
      source: l.key,
      screened: l.screened,
      acceptsVersion: onCurrentVersion ? (id: string) => id === l.currentVersionId : undefined,
    }));
}
