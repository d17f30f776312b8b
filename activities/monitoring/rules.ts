import { ApplicationFailure } from '@temporalio/common';
import type { Pool } from 'pg';
import { MatcherUnavailableError } from '../../matcher/client';
import { loadAndRescreenAll, type RescreenDeps } from './screeningPipeline';
import type { MatchingRulesSummary } from '../../workflows/contracts';

export type { MatchingRulesSummary };

/**
 * A matcher released with other matching rules (matcher/rulesVersion.ts) can screen the same
 * subject differently on the same lists: a new nickname, a better reading of a name. No list
 * change says which records that touches, so, once every matcher replica screens with the same
 * rules, every record screened with other rules (`monitored_records.rules_version`, written by
 * every screening stored) is screened again, refusing answers from other rules, and status
 * changes are delivered as for a list version. Each release is a generation of its own
 * (`monitoring_rules.seen_since`), so a release rolled back and made again delivers its changes
 * anew. With every record on the matcher's rules, this reads one row and an index.
 */
export async function rescreenForMatchingRules(deps: RescreenDeps): Promise<MatchingRulesSummary> {
  const rulesVersion = await matcherRulesVersion(deps);
  if (rulesVersion === null) return { rulesVersion, recordsRescreened: 0, statusChanges: 0 };
  const { rows } = await deps.pool.query<{ seen_since: Date }>(
    `INSERT INTO monitoring_rules (rules_version) VALUES ($1)
     ON CONFLICT (singleton) DO UPDATE SET rules_version = EXCLUDED.rules_version,
       seen_since = CASE WHEN monitoring_rules.rules_version = EXCLUDED.rules_version THEN monitoring_rules.seen_since ELSE now() END
     RETURNING seen_since`,
    [rulesVersion],
  );
  const ids = await recordsOnOtherRules(deps.pool, rulesVersion);
  if (ids.length === 0) return { rulesVersion, recordsRescreened: 0, statusChanges: 0 };
  // One cause a generation: a retried attempt records each status change once.
  const cause = `rules-${rulesVersion}-${rows[0].seen_since.getTime()}`;
  const { rescreened, statusChanges } = await loadAndRescreenAll(deps, ids, cause, { rulesVersion });
  return { rulesVersion, recordsRescreened: rescreened, statusChanges };
}

async function recordsOnOtherRules(pool: Pool, rulesVersion: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM monitored_records
      WHERE removed_at IS NULL AND (rules_version < $1 OR rules_version > $1 OR rules_version IS NULL) ORDER BY id`,
    [rulesVersion],
  );
  return rows.map((r) => r.id);
}

/** The rules every matcher replica screens with; null while they differ (a rolling release: nothing is done until it ends). */
async function matcherRulesVersion(deps: RescreenDeps): Promise<number | null> {
  try {
    return await deps.matcher.agreedRulesVersion({ requestId: 'monitor:rules-version', timeoutMs: 60_000 });
  } catch (err) {
    if (err instanceof MatcherUnavailableError)
      throw ApplicationFailure.retryable(`the matcher is unavailable: ${err.message}`, 'MatcherUnavailable');
    throw err;
  }
}
