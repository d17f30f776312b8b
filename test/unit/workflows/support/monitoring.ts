import { randomUUID } from 'node:crypto';
import type { ListSwitchSummary, MatchingRulesSummary, RescreenSummary } from '../../../../activities/monitoring';
import type { PublishedVersion } from '../../../../workflows/contracts';

/** Results the monitoring activities' stubs answer with: distinct numbers, so a test sees which summary went where. */

export const publishedVersion = (sourceKey = 'oig_leie'): PublishedVersion & { workflowId: string } => {
  const versionId = randomUUID();
  return { sourceKey, versionId, workflowId: `list-version/${sourceKey}/${versionId}` };
};

export const rescreenSummary = (version: PublishedVersion, recordsRescreened = 3): RescreenSummary => ({
  versionId: version.versionId,
  sourceKey: version.sourceKey,
  changedEntries: 11,
  recordsRekeyed: 1,
  recordsReached: 5,
  recordsRescreened,
  statusChanges: 2,
  keyGroups: { crossed: 1, exact: true },
  rescreenedBecause: { wholeChange: 0, organization: 0, capped: 0, soloName: 0, match: recordsRescreened, headroom: 0, keyGroup: 0 },
  timings: { reachMs: 4, checkMs: 3, readMs: 0, narrowMs: 0, matcherWaitMs: 2, crossingMs: 0, screenMs: 1 },
});

/** What the workflows keep of a re-screen: the summary less the version, the source and the changed entries. */
export const keptOfRescreen = (summary: RescreenSummary) => {
  const { versionId, sourceKey, changedEntries, ...kept } = summary;
  void [versionId, sourceKey, changedEntries];
  return kept;
};

export const noSwitches = (): ListSwitchSummary => ({ switched: [], recordsRescreened: 0, statusChanges: 0 });

export const switchedOff = (sourceKey: string): ListSwitchSummary => ({
  switched: [{ sourceKey, enabled: false }],
  recordsRescreened: 4,
  statusChanges: 1,
});

export const sameRules = (): MatchingRulesSummary => ({ rulesVersion: 7, recordsRescreened: 0, statusChanges: 0 });
