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

/** The organizations active again whose records the catch-up has yet to screen, each with the resumption it answers for. */
export function reactivatedOrganizations(deps: Pick<RescreenDeps, 'pool'>): Promise<Array<{ orgId: string; resumedAt: string }>> {
  return organizationsToResume(deps.pool);
}

/**
 * One organization active again (see resumeReactivatedOrganizations), on its own: run by the
 * organization's own workflow, so a failing re-screen of one organization holds up no other
 * organization's, nor the catch-up's list switches and fan-outs.
 */
export async function resumeReactivatedOrganization(
  deps: RescreenDeps,
  input: { orgId: string; resumedAt: string },
): Promise<{ orgId: string; rescreened: number; statusChanges: number }> {
  const ids = await organizationRecords(deps.pool, input.orgId);
  const cause = `org-resumed:${input.orgId}:${Date.parse(input.resumedAt)}`;
  const { rescreened, statusChanges } = await rescreenRecordIds(deps, ids, cause, {});
  await organizationResumed(deps.pool, input.orgId, input.resumedAt);
  return { orgId: input.orgId, rescreened, statusChanges };
}
