/**
 * What each workflow takes, returns and is called: its input, its result and its workflow id.
 * The starters (activities/<feature>/start.ts, the fan-out's in monitoring/fanOuts.ts) start a
 * workflow by its function, `client.workflow.start(batchScreening, …)`, so the compiler checks
 * the arguments against these types, and they build ids here. Nothing is imported at run time
 * (dependency-cruiser `workflow-contracts-import-types-only`): clients, tests and the workflow
 * bundle may all load this file. The types it names come from the features' activities.ts.
 *
 * Workflow ids and type names are part of running workflows' histories: change none of them.
 */
import type { IngestSummary } from '../activities/lists/activities';
import type { ListSwitchSummary, MatchingRulesSummary, RescreenSummary } from '../activities/monitoring/activities';
import type { DeliveryPolicy } from '../activities/webhooks/activities';

// batchScreening ─────────────────────────────────────────────────────────────────────────────

/** The batchScreening workflow's input: ids only; items stay in PostgreSQL. */
export interface BatchScreeningInput {
  jobId: string;
  orgId: string;
}

export interface BatchScreeningResult {
  completedItems: number;
  failedItems: number;
}

/**
 * `batch/{orgId}/{keyHash}`: `keyHash` is the hash of the Idempotency-Key (activities/batch/start.ts
 * `idempotencyKeyHash`), since the key may hold anything. Hashing needs node:crypto, which workflow code may not load.
 */
export const batchWorkflowId = (orgId: string, keyHash: string): string => `batch/${orgId}/${keyHash}`;

// listIngestion (started by its schedule in infra/schedules, under the schedule's id) ──────────

export interface ListIngestionInput {
  sourceKey: string;
  /** An operator's run that publishes an artifact the refusal rules take for a cut file (`screenctl lists ingest --force` likewise). */
  force?: boolean;
}

/** The source's ingestion schedule, and the workflows it starts, share this id. */
export const listIngestionWorkflowId = (sourceKey: string): string => `list-ingestion/${sourceKey}`;

export type ListIngestionResult =
  | (IngestSummary & {
      /** The published version's fan-out (workflow listVersionFanOut), started, not awaited. */
      fanOut?: { workflowId: string };
      /** Runs started before the fan-out workflow existed fanned out in-line. */
      monitoring?: ListVersionFanOutResult['monitoring'];
      listSwitches?: ListSwitchSummary;
    })
  | { outcome: 'no_artifact_location'; sourceKey: string };

// listVersionFanOut ──────────────────────────────────────────────────────────────────────────

/** A published list version whose fan-out (list_update, re-screen of the records it can affect) runs as a workflow of its own. */
export interface PublishedVersion {
  sourceKey: string;
  versionId: string;
}

export interface ListVersionFanOutInput {
  versionId: string;
}

export interface ListVersionFanOutResult {
  /** list_update deliveries recorded (one per organization endpoint that takes it). */
  listUpdates: number;
  monitoring: Pick<
    RescreenSummary,
    'recordsRekeyed' | 'recordsReached' | 'recordsRescreened' | 'statusChanges' | 'keyGroups' | 'rescreenedBecause' | 'timings'
  >;
}

/** The listVersionFanOut workflow of one version: one per version, whoever starts it. */
export const listVersionWorkflowId = (v: PublishedVersion): string => `list-version/${v.sourceKey}/${v.versionId}`;

// monitoredEntity ────────────────────────────────────────────────────────────────────────────

/** The monitoredEntity workflow's input: the record's id; the entity stays in PostgreSQL. */
export interface MonitoredEntityInput {
  recordId: string;
  orgId: string;
  /** Set by the workflow itself when it continues as new: the enrollment catch-up is done. */
  caughtUp?: boolean;
}

/** The workflow ends only when its record is removed (or is terminated by DELETE /monitor/{id}). */
export type MonitoredEntityResult = 'removed';

export const monitorWorkflowId = (recordId: string): string => `monitor/${recordId}`;

// monitoringCatchUp (no input; started by the `monitoring-catch-up` schedule) ────────────────

export interface MonitoringCatchUpResult {
  /** Lists switched on or off since the records were screened for them, and what applying them did. */
  listSwitches: ListSwitchSummary;
  /** The matching rules the matcher screens with, and what screening again the records on other rules did. */
  matchingRules: MatchingRulesSummary;
  /** The fan-out workflows run here for versions no fan-out had applied (one found running elsewhere is left to it). */
  fanOuts: string[];
  /** Fan-outs started here and still running when the run stopped waiting: they carry on, and the next run finds them running. */
  fanOutsLeftRunning?: string[];
  /** Records whose enrollment committed without seeing their workflow `monitor/{recordId}` start: started here. */
  monitorWorkflowsStarted?: string[];
  /** Organizations active again after being read-only, whose records were screened on the current versions here. */
  organizationsResumed?: Array<{ orgId: string; rescreened: number; statusChanges: number }>;
  /** Workflows `organization-resume/…` started here and still running (or failed) when the run stopped waiting: they carry on on their own. */
  organizationsResumeLeftRunning?: string[];
}

/** One organization's resumption of monitoring, after it was read-only: named by the organization and the resumption. */
export const organizationResumeWorkflowId = (orgId: string, resumedAt: string): string =>
  `organization-resume/${orgId}/${Date.parse(resumedAt)}`;

export interface OrganizationResumeInput {
  orgId: string;
  /** `organizations.monitoring_resumed_at`, as text: the resumption the re-screen answers for. */
  resumedAt: string;
}

// recordMonthMetering (started by the `record-months` schedule) ──────────────────────────────

export interface RecordMonthMeteringInput {
  /** ISO time naming the months swept (default now): only for tests and replays of a past month. */
  at?: string;
}

export interface RecordMonthMeteringResult {
  periods: string[];
  metered: number;
}

// unstartedDeliverySweep (no input; started by the `unstarted-deliveries` schedule) ──────────

export interface UnstartedDeliverySweepResult {
  /** Pending deliveries whose workflow the sweep started. */
  taken: number;
}

// webhookDelivery ────────────────────────────────────────────────────────────────────────────

/** The delivery workflow's input: the id and the policy the series runs with, never the body. */
export interface WebhookDeliveryInput {
  deliveryId: string;
  policy: DeliveryPolicy;
  /** The series an operator's reset opened (migration 6600); absent for the first series. */
  series?: string;
}

export type WebhookDeliveryResult = 'delivered' | 'cancelled' | 'failed';

export const deliveryWorkflowId = (deliveryId: string): string => `webhook-delivery/${deliveryId}`;
