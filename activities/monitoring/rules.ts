import { ApplicationFailure } from '@temporalio/common';
import { MatcherUnavailableError } from '../../matcher/client';
import { allActiveRecords, loadActiveRecords } from './records';
import { screeningPipeline, startPendingStatusChanges, type RescreenDeps } from './screening';

/** Records read at a time. */
const CHUNK = 2000;

export interface MatchingRulesSummary {
  /** The rules version the records stood on, and the one the matcher screens with. */
  from: number;
  to: number;
  recordsRescreened: number;
  statusChanges: number;
}

/**
 * A matcher released with other matching rules (matcher/rulesVersion.ts) can screen the same
 * subject differently on the same lists: a new nickname, a better split of a name. No list
 * change says which records that touches, so every monitored record is screened again, by
 * matchers that all report the new version, status changes are delivered as for a list version,
 * and `monitoring_rules` then records the version the records stand on. With the same version,
 * this reads one row and asks the matcher one question.
 */
export async function rescreenForMatchingRules(deps: RescreenDeps): Promise<MatchingRulesSummary> {
  const { rows } = await deps.pool.query<{ rules_version: number }>('SELECT rules_version FROM monitoring_rules');
  const from = rows[0]?.rules_version ?? 0;
  const to = await matcherRulesVersion(deps);
  if (to === from) return { from, to, recordsRescreened: 0, statusChanges: 0 };
  // One cause a release: a retried attempt records each status change once.
  const cause = `rules-${from}-to-${to}`;
  const ids = await allActiveRecords(deps.pool);
  const screening = screeningPipeline(deps, cause, { rulesVersion: to });
  let rescreened = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const records = await loadActiveRecords(deps.pool, ids.slice(i, i + CHUNK));
    await screening.add(records);
    rescreened += records.length;
    deps.progress?.(Math.min(i + CHUNK, ids.length), ids.length);
  }
  const { statusChanges } = await screening.drain();
  await startPendingStatusChanges(deps, cause);
  await deps.pool.query(
    `INSERT INTO monitoring_rules (rules_version) VALUES ($1)
     ON CONFLICT (singleton) DO UPDATE SET rules_version = EXCLUDED.rules_version, changed_at = now()`,
    [to],
  );
  return { from, to, recordsRescreened: rescreened, statusChanges };
}

async function matcherRulesVersion(deps: RescreenDeps): Promise<number> {
  try {
    return (await deps.matcher.keyGroupSizes([], { requestId: 'monitor:rules-version', timeoutMs: 60_000 })).rulesVersion;
  } catch (err) {
    if (err instanceof MatcherUnavailableError) throw ApplicationFailure.retryable(`the matcher is unavailable: ${err.message}`, 'MatcherUnavailable');
    throw err;
  }
}
