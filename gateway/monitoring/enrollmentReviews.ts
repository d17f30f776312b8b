import type { PoolClient } from 'pg';
import type { Entity, ScreeningResult } from '../../matcher/types';
import { matchChangeKind } from '../../activities/monitoring';
import { reactToMatchChanges } from '../../activities/reviews';
import { recordDeliveries, type DeliveryRef } from '../../activities/webhooks';

/**
 * An enrollment's screening as a match change for the reviews (activities/reviews): a new
 * record's matches appear; an entity enrolled again is screened again, and its matches may have
 * changed or gone. Run in the enrollment's transaction, which records the review events' deliveries too.
 */
export async function reactToEnrollment(
  client: PoolClient,
  enrolled: { orgId: string; recordId: string; created: boolean; entity: Entity; result: ScreeningResult; entryKeys: string[] | null },
): Promise<DeliveryRef[]> {
  const kind = enrolled.created ? matchChangeKind([], enrolled.result.matches) : enrolled.result.matches.length > 0 ? 'changed' : 'gone';
  if (!kind) return [];
  const events = await reactToMatchChanges(client, [
    {
      kind,
      orgId: enrolled.orgId,
      recordId: enrolled.recordId,
      entity: enrolled.entity,
      matches: enrolled.result.matches,
      entryKeys: enrolled.entryKeys,
    },
  ]);
  let refs: DeliveryRef[] = [];
  for (const event of events) refs = refs.concat(await recordDeliveries(client, event));
  return refs;
}
