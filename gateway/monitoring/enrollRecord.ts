import type { Entity, ScreeningResult } from '../../matcher/types';
import { billingPeriod, recordUsageEvent } from '../../activities/metering';
import { upsertRecord } from '../../activities/monitoring';
import type { DeliveryRef } from '../../activities/webhooks';
import { inTransaction } from '../../infra/base/db/transaction';
import { hardCap, recordEnrollmentAllowance } from '../billing/allowance';
import type { PlanKey } from '../billing/plans';
import { spendAllowance } from '../billing/reservedAllowance';
import { requestHash } from '../billing/screenOnce';
import type { GatewayDeps } from '../context';
import { reactToEnrollment } from './enrollmentReviews';

/** How long an enrollment's reserved allowance outlives a gateway that died mid-screening. */
const ENROLLMENT_HOLD_SECONDS = 120;

export interface Enrollment {
  orgId: string;
  plan: PlanKey;
  entity: Entity;
  requestId: string;
  now: Date;
}

export interface EnrolledRecord {
  recordId: string;
  result: ScreeningResult;
  /** Review events the enrollment raised, to start once it has committed. */
  reviewEvents: DeliveryRef[];
}

/**
 * Screens the entity at once and stores the record (source `api`) with its blocking keys and this
 * month's record-month, in one transaction. The same entity enrolled again is the same record:
 * re-screened, and billed one record-month, not two. On a plan that refuses past its allowance,
 * every enrollment screening takes one call of the monthly allowance (not a screen call:
 * monitoring is billed in record-months), reserved before the screening like POST /screen's
 * (402 api_allowance_reached when none is left), so enrolling and deleting is no way around it.
 */
export async function enrollRecord(deps: GatewayDeps, enrollment: Enrollment): Promise<EnrolledRecord> {
  const { orgId, plan, entity } = enrollment;
  const period = billingPeriod(enrollment.now);
  const hold = { kind: 'api' as const, orgId, plan, period, purpose: 'monitor', ttlSeconds: ENROLLMENT_HOLD_SECONDS };
  return spendAllowance(deps.pool, hold, async (takeAllowance) => {
    const screened = await deps.matcher.matchManyWithHeadroom([entity], { requestId: enrollment.requestId });
    const result = screened.results[0];
    return inTransaction(deps.pool, async (client) => {
      await takeAllowance(client);
      const stored = await upsertRecord(client, {
        orgId,
        entity,
        entityHash: requestHash(entity),
        result,
        headroom: screened.headroom[0],
        rulesVersion: screened.rulesVersion,
      });
      if (hardCap(plan) !== null) await recordEnrollmentAllowance(client, orgId, period, stored.id);
      const reviewEvents = await reactToEnrollment(client, {
        orgId,
        recordId: stored.id,
        created: stored.created,
        entity,
        result,
        entryKeys: screened.entryKeys?.[0] ?? null,
      });
      await recordUsageEvent(client, { orgId, kind: 'record_month', eventKey: `${stored.id}:${period}`, period });
      return { recordId: stored.id, result, reviewEvents };
    });
  });
}
