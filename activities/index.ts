import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { Logger } from '../infra/base/log';
import type { MatcherClient } from '../matcher/client';
import { createBatchScreeningActivities } from './batch/activities';
import { createListIngestionActivities, type ListIngestionActivityDeps } from './lists/activities';
import { createRecordMonthMeteringActivities } from './metering/activities';
import { createMonitoringActivities } from './monitoring/activities';
import { reactToMatchChanges, reviewsOnRescreen } from './reviews';
import { createUnstartedDeliverySweepActivities, createWebhookDeliveryActivities } from './webhooks/activities';

export { createDeliveryWorkerActivities } from './webhooks/activities';

/** What every activity factory may use; the worker (and the integration tests' worker) build it once. */
export interface ActivityDeps {
  pool: Pool;
  logger: Logger;
  /** Screens entities for batches and monitoring (matchMany). */
  matcher: Pick<
    MatcherClient,
    'match' | 'matchMany' | 'matchManyAnswer' | 'matchManyWithHeadroom' | 'keyGroupSizes' | 'agreedRulesVersion'
  >;
  /** For activities that signal or start workflows outside their own (e.g. a list version fanned out). */
  temporal: Client;
  env?: NodeJS.ProcessEnv;
  /** Where fetched list artifacts are staged; defaults to `<DATA_DIR>/staging/lists`. */
  stagingDir?: string;
  /** Told of every list fetch from a publisher (the worker's metrics). */
  onFetch?: ListIngestionActivityDeps['onFetch'];
}

/**
 * Every activity the worker registers, from each feature's activities.ts (the one Temporal-facing
 * file of activities/<feature>/). The keys are the registered activity names the workflows call:
 * recorded histories replay against them, so none is renamed.
 */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createBatchScreeningActivities(deps),
    ...createListIngestionActivities(deps),
    ...createMonitoringActivities({ ...deps, matchChanges: reviewsOnRescreen(deps.env) ? reactToMatchChanges : undefined }),
    ...createRecordMonthMeteringActivities(deps),
    ...createWebhookDeliveryActivities(deps),
    ...createUnstartedDeliverySweepActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
