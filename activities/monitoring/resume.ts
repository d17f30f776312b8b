import { organizationRecords, organizationResumed, organizationsToResume } from './records';
import { releaseHeldDeliveries } from '../webhooks';
import { loadAndRescreenAll, type RescreenDeps } from './screeningPipeline';

/**
 * An organization active again after being read-only: while it was read-only its records were
 * not screened again (no fan-out, switch or rules re-screen read them) and nothing was delivered
 * to it. Every active record of it is screened on the current versions, and every record whose
 * status differs from the status last announced for it (a change stored while read-only, its
 * event not recorded, included) is delivered once as `match_status_change`, after the monitoring
 * deliveries its attempts held while it was read-only are sent. Done once per resumption: a
 * run that fails is retried by the next catch-up, and the event keys (cause and the record's
 * previous screening) make its deliveries one.
 */
export async function resumeReactivatedOrganizations(
  deps: RescreenDeps,
): Promise<Array<{ orgId: string; rescreened: number; statusChanges: number }>> {
  const done: Array<{ orgId: string; rescreened: number; statusChanges: number }> = [];
  for (const org of await organizationsToResume(deps.pool)) done.push(await resumeReactivatedOrganization(deps, org));
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
  // First what was held (the older events), then what the re-screen finds.
  await releaseHeldDeliveries(deps.pool, deps.temporal, deps.taskQueue, { orgId: input.orgId }, deps.env);
  const { rescreened, statusChanges } = await loadAndRescreenAll(deps, ids, cause, {});
  await organizationResumed(deps.pool, input.orgId, input.resumedAt);
  return { orgId: input.orgId, rescreened, statusChanges };
}
