import { organizationRecords, organizationResumed, organizationsToResume } from './records';
import { rescreenRecordIds, type RescreenDeps } from './screening';

/**
 * An organization active again after being read-only: while it was read-only its records were
 * not screened again (no fan-out, switch or rules re-screen read them) and nothing was delivered
 * to it. Every active record of it is screened on the current versions, and a status that changed
 * since it was last screened is delivered as `match_status_change`. Done once per resumption: a
 * run that fails is retried by the next catch-up, and the event keys (cause and the record's
 * previous screening) make its deliveries one.
 */
export async function resumeReactivatedOrganizations(
  deps: RescreenDeps,
): Promise<Array<{ orgId: string; rescreened: number; statusChanges: number }>> {
  const done: Array<{ orgId: string; rescreened: number; statusChanges: number }> = [];
  for (const { orgId, resumedAt } of await organizationsToResume(deps.pool)) {
    const ids = await organizationRecords(deps.pool, orgId);
    const cause = `org-resumed:${orgId}:${Date.parse(resumedAt)}`;
    const { rescreened, statusChanges } = await rescreenRecordIds(deps, ids, cause, {});
    await organizationResumed(deps.pool, orgId, resumedAt);
    done.push({ orgId, rescreened, statusChanges });
  }
  return done;
}
