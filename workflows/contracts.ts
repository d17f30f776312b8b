/**
 * What each workflow takes, returns and is called: its input, its result, its workflow id, and
 * its function type in `Workflows`. Each workflow `satisfies` its entry there; the starters
 * (activities/starters.ts `startWorkflow`) start a workflow by its name, typed by that entry, so
 * the compiler checks the arguments without the starters loading workflow code. Nothing is
 * imported (dependency-cruiser `workflow-contracts-import-nothing`): clients, activities, tests
 * and the workflow bundle may all load this file, and no import cycle runs through it.
 *
 * Workflow ids and type names are part of running workflows' histories: change none of them.
 */

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

/** What the workflow gets back: small, so bad rows are capped. */
export type IngestSummary =
  | {
      outcome: 'published';
      sourceKey: string;
      versionId: string;
      seq: number;
      entryCount: number;
      badRowCount: number;
      diff: { added: number; removed: number; changed: number };
    }
  | { outcome: 'unchanged'; sourceKey: string; versionId: string }
  | {
      outcome: 'refused';
      sourceKey: string;
      versionId: string;
      reason: string;
      badRowCount: number;
      badRows: Array<{ row: number; reason: string }>;
    };

/** The source's ingestion schedule, and the workflows it starts, share this id. */
export const listIngestionWorkflowId = (sourceKey: string): string => `list-ingestion/${sourceKey}`;

export type ListIngestionResult =
  | (IngestSummary & {
      /** The published version's fan-out (workflow listVersionFanOut), started, not awaited. */
      fanOut?: { workflowId: string };
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

/** Why a reached record is screened again: the pre-check's first reason, or `keyGroup` for a record taken for its key groups alone. */
export type RescreenReason = 'wholeChange' | 'organization' | 'capped' | 'soloName' | 'match' | 'headroom' | 'keyGroup';

export interface RescreenSummary {
  versionId: string;
  sourceKey: string;
  changedEntries: number;
  /** Records keyed under older blocking-key rules, re-keyed first (after a release that changed the rules). */
  recordsRekeyed: number;
  /** Records a changed entry can be a viable candidate for (by their blocking keys), plus capped records and organizations by the caller's rules. */
  recordsReached: number;
  /** Of those, the records a changed entry matches (new or old form), or that it may push past the candidate limit, plus capped ones and the holders of crossed key groups: handed to the matcher again. */
  recordsRescreened: number;
  statusChanges: number;
  /** Key groups taken (the change carried them across their thresholds), and whether their sizes before it were known exactly (else every group it touched was taken). */
  keyGroups: { crossed: number; exact: boolean };
  /** Why each re-screened record was taken: the pre-check's first reason, in the order of RescreenReason; `keyGroup` for a record taken for its key groups alone. */
  rescreenedBecause: Record<RescreenReason, number>;
  /**
   * Where the time went, in ms: finding the reached records; pre-checking them (their reading
   * overlaps); waiting for a chunk's reading past that overlap; taking the headroom of the
   * records left out; waiting for the matcher to serve the version, past what the reach and the
   * pre-check hid; the crossing key groups; waiting on screening and storing, past what the
   * pre-check hid.
   */
  timings: {
    reachMs: number;
    checkMs: number;
    readMs: number;
    narrowMs: number;
    matcherWaitMs: number;
    crossingMs: number;
    screenMs: number;
  };
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

export interface ListSwitchSummary {
  /** The lists switched on or off since the monitored records were last screened for them. */
  switched: Array<{ sourceKey: string; enabled: boolean }>;
  recordsRescreened: number;
  statusChanges: number;
}

export interface MatchingRulesSummary {
  /** The rules the matcher screens with (null: a matcher older than the rules version, nothing compared). */
  rulesVersion: number | null;
  /** Records that were screened with other rules, screened again. */
  recordsRescreened: number;
  statusChanges: number;
}

export interface MonitoringCatchUpResult {
  /** Lists switched on or off since the records were screened for them, and what applying them did. */
  listSwitches: ListSwitchSummary;
  /** The matching rules the matcher screens with, and what screening again the records on other rules did. */
  matchingRules: MatchingRulesSummary;
  /** The fan-out workflows run here for versions no fan-out had applied (one found running elsewhere is left to it). */
  fanOuts: string[];
  /** Fan-outs started here and still running when the run stopped waiting: they carry on, and the next run finds them running. */
  fanOutsLeftRunning: string[];
  /** Records whose enrollment committed without seeing their workflow `monitor/{recordId}` start: started here. */
  monitorWorkflowsStarted: string[];
  /** Organizations active again after being read-only, whose records were screened on the current versions here. */
  organizationsResumed: Array<{ orgId: string; rescreened: number; statusChanges: number }>;
  /** Workflows `organization-resume/…` started here and still running (or failed) when the run stopped waiting: they carry on on their own. */
  organizationsResumeLeftRunning: string[];
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

/**
 * How a delivery is retried (the WEBHOOK_TIMEOUT_MS and WEBHOOK_RETRY_* / WEBHOOK_MAX_ATTEMPTS
 * variables of docs/configuration.md; by default 12 attempts over about 14.5 hours). Read when a
 * series starts and passed as input, so a running series keeps the policy it started with.
 */
export interface DeliveryPolicy {
  timeoutMs: number;
  initialIntervalMs: number;
  backoffCoefficient: number;
  maximumIntervalMs: number;
  maximumAttempts: number;
}

/** The wait after a series' n-th failed attempt (n ≥ 1), in ms: growing by the coefficient from the first wait, up to the longest. */
export const retryWaitMs = (policy: DeliveryPolicy, attemptsMade: number): number =>
  Math.min(policy.initialIntervalMs * policy.backoffCoefficient ** (attemptsMade - 1), policy.maximumIntervalMs);

/** The delivery workflow's input: the id and the policy the series runs with, never the body. */
export interface WebhookDeliveryInput {
  deliveryId: string;
  policy: DeliveryPolicy;
  /** The series an operator's reset opened (migration 6600); absent for the first series. */
  series?: string;
}

export type WebhookDeliveryResult = 'delivered' | 'cancelled' | 'failed';

export const deliveryWorkflowId = (deliveryId: string): string => `webhook-delivery/${deliveryId}`;

// Every workflow ───────────────────────────────────────────────────────────────────────────────

/**
 * Each workflow's function type under its workflow type name (its export from workflows/index.ts).
 * Each workflow `satisfies` its entry, and activities/starters.ts starts one by name with this
 * type, so a start's arguments are checked by the compiler.
 */
export interface Workflows {
  batchScreening: (input: BatchScreeningInput) => Promise<BatchScreeningResult>;
  listIngestion: (input: ListIngestionInput) => Promise<ListIngestionResult>;
  listVersionFanOut: (input: ListVersionFanOutInput) => Promise<ListVersionFanOutResult>;
  monitoredEntity: (input: MonitoredEntityInput) => Promise<MonitoredEntityResult>;
  monitoringCatchUp: () => Promise<MonitoringCatchUpResult>;
  organizationResume: (input: OrganizationResumeInput) => Promise<{ orgId: string; rescreened: number; statusChanges: number }>;
  recordMonthMetering: (input?: RecordMonthMeteringInput) => Promise<RecordMonthMeteringResult>;
  unstartedDeliverySweep: () => Promise<UnstartedDeliverySweepResult>;
  webhookDelivery: (input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>;
}
