import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { Logger } from '../infra/base/log';
import type { MatcherClient } from '../matcher/client';
import { createBatchActivities } from './batchScreening';
import { createListActivities } from './listIngestion';
import { createMonitoringActivities } from './monitoredEntity';
import { createRecordMonthActivities } from './recordMonthMetering';
import { createUnstartedDeliveryActivities } from './unstartedDeliverySweep';
import { createWebhookActivities } from './webhookDelivery';

export { createDeliveryWorkerActivities } from './webhookDelivery';

/** What every activity factory may use; the worker (and the integration tests' worker) build it once. */
export interface ActivityDeps {
  pool: Pool;
  logger: Logger;
  /** Screens entities for batches and monitoring (matchMany). */
  matcher: Pick<MatcherClient, 'match' | 'matchMany' | 'matchManyWithHeadroom' | 'keyGroupSizes' | 'agreedRulesVersion'>;
  /** For activities that signal or start workflows outside their own (e.g. a list version fanned out). */
  temporal: Client;
  env?: NodeJS.ProcessEnv;
  /** Where fetched list artifacts are staged; defaults to `<DATA_DIR>/staging/lists`. */
  stagingDir?: string;
}

/** Every activity the worker registers, one factory per workflow's activities. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createBatchActivities(deps),
    ...createListActivities(deps),
    ...createMonitoringActivities(deps),
    ...createRecordMonthActivities(deps),
    ...createWebhookActivities(deps),
    ...createUnstartedDeliveryActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
