import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { Logger } from '../../infra/base/log';
import type { MatcherClient } from '../../matcher/client';
import type { PublishedVersion } from '../../workflows/contracts';
import { billingPeriod, periodBounds, recordUsageEvent } from '../metering';
import { emitWebhookEvents } from '../webhooks';
// Modules by name: several activities share their name with the domain function they run.
import * as catchUp from './catchUp';
import * as fanOuts from './fanOuts';
import * as listUpdate from './listUpdate';
import * as records from './records';
import * as rescreen from './versionRescreen/stages';
import * as resume from './resume';
import * as rules from './rules';
import type { RescreenDeps } from './screeningPipeline';
import type { MatchChangeListener } from './matchChanges';
import * as monitorStarts from './start';
import * as switches from './switches';

// The activities' results the workflows read: workflows import types from activities.ts only.
export type { RescreenSummary } from './versionRescreen/stages';
export type { ListSwitchSummary } from './switches';
export type { MatchingRulesSummary } from './rules';

/**
 * Activities of monitoring's four workflows: monitoredEntity (catchUpMonitoredRecord,
 * meterRecordMonth), listVersionFanOut (emitListUpdate, rescreenMonitoredRecords), listIngestion
 * (those two, rescreenForListSwitches, startListVersionFanOut) and monitoringCatchUp (the rest).
 */
export function createMonitoringActivities(deps: {
  pool: Pool;
  logger: Logger;
  matcher: Pick<MatcherClient, 'matchManyWithHeadroom' | 'keyGroupSizes' | 'agreedRulesVersion'>;
  temporal: Client;
  env?: NodeJS.ProcessEnv;
  /** Told of the matches each re-screen made appear, change or go (activities/index.ts: the reviews of potential matches). */
  matchChanges?: MatchChangeListener;
}) {
  const rescreenDeps = (): RescreenDeps => ({
    pool: deps.pool,
    matcher: deps.matcher,
    temporal: deps.temporal,
    taskQueue: Context.current().info.taskQueue,
    env: deps.env,
    progress: (done, total) => Context.current().heartbeat({ done, total }),
    log: deps.logger,
    matchChanges: deps.matchChanges,
  });
  return {
    /** A published list version: re-screens the records it can affect, delivers status changes. */
    async rescreenMonitoredRecords(input: { versionId: string }): Promise<rescreen.RescreenSummary> {
      const summary = await rescreen.rescreenForListVersion(rescreenDeps(), input.versionId);
      deps.logger.info(summary, 'monitored records re-screened for a list version');
      return summary;
    },

    /** Lists switched on or off since the records were last screened for them: every record is screened again. */
    async rescreenForListSwitches(): Promise<switches.ListSwitchSummary> {
      const summary = await switches.rescreenForListSwitches(rescreenDeps());
      if (summary.switched.length > 0) deps.logger.info(summary, 'monitored records re-screened for lists switched on or off');
      return summary;
    },

    /** Starts a published version's fan-out workflow (or finds it running); its workflow id. */
    async startListVersionFanOut(input: PublishedVersion): Promise<string> {
      return fanOuts.startListVersionFanOut(deps.temporal, Context.current().info.taskQueue, input);
    },

    /** Published versions no fan-out has applied yet, in publication order, with their fan-out's workflow id. */
    async versionsAwaitingFanOut(): Promise<Array<PublishedVersion & { workflowId: string }>> {
      const pending = await fanOuts.versionsAwaitingFanOut(deps.pool);
      if (pending.length > 0) deps.logger.info({ workflowIds: pending.map((v) => v.workflowId) }, 'list versions no fan-out has applied');
      return pending;
    },

    /** A matcher screening with other matching rules than the records stand on: every record is screened again. */
    async rescreenForMatchingRules(): Promise<rules.MatchingRulesSummary> {
      const summary = await rules.rescreenForMatchingRules(rescreenDeps());
      if (summary.recordsRescreened > 0)
        deps.logger.info(summary, 'monitored records re-screened for the matching rules the matcher screens with');
      return summary;
    },

    /** list_update to every organization with an endpoint for it. */
    async emitListUpdate(input: { versionId: string }): Promise<{ deliveries: number }> {
      const event = await listUpdate.listUpdateEvent(deps.pool, input.versionId);
      if (!event) return { deliveries: 0 };
      const refs = await emitWebhookEvents(deps.pool, deps.temporal, Context.current().info.taskQueue, [event], deps.env);
      return { deliveries: refs.length };
    },

    /** Starts the workflows of records whose enrollment committed without seeing theirs start; their ids. */
    async startPendingMonitorWorkflows(): Promise<string[]> {
      const started = await monitorStarts.startPendingMonitorWorkflows(deps.pool, deps.temporal, Context.current().info.taskQueue);
      if (started.length > 0)
        deps.logger.warn({ recordIds: started }, 'monitor workflows an enrollment could not start: started by the catch-up');
      return started;
    },

    /** Organizations active again whose records are yet to be screened on the current versions. */
    async reactivatedOrganizations(): Promise<Array<{ orgId: string; resumedAt: string }>> {
      return resume.reactivatedOrganizations(rescreenDeps());
    },

    /** One organization active again: every record of it screened on the current versions (its own workflow's step). */
    async resumeMonitoringOfOrganization(input: {
      orgId: string;
      resumedAt: string;
    }): Promise<{ orgId: string; rescreened: number; statusChanges: number }> {
      const resumed = await resume.resumeReactivatedOrganization(rescreenDeps(), input);
      deps.logger.info({ resumed }, 'monitoring of an organization active again: records screened on the current versions');
      return resumed;
    },

    async catchUpMonitoredRecord(input: { recordId: string }): Promise<{ rescreened: boolean; statusChanged: boolean }> {
      return catchUp.catchUpRecord(rescreenDeps(), input.recordId);
    },

    /**
     * Meters the record-month of the month `at` falls in (default now) for an active record
     * (once: the ledger key is `<recordId>:<YYYY-MM>`) and says when the next month starts;
     * `active` false once removed.
     */
    async meterRecordMonth(input: { recordId: string; at?: string }): Promise<{ active: boolean; nextPeriodStartsAt: string }> {
      const period = billingPeriod(input.at ? new Date(input.at) : new Date());
      const nextPeriodStartsAt = periodBounds(period).endsAt;
      const record = await records.activeRecord(deps.pool, input.recordId);
      if (!record) return { active: false, nextPeriodStartsAt };
      // A read-only organization's monitoring is paused: the sweep meters this month if it is active again in it.
      if (record.orgReadOnly) return { active: true, nextPeriodStartsAt };
      await recordUsageEvent(deps.pool, { orgId: record.orgId, kind: 'record_month', eventKey: `${input.recordId}:${period}`, period });
      return { active: true, nextPeriodStartsAt };
    },
  };
}

export type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;
