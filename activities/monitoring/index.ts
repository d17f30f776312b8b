/**
 * Monitoring's public entry: monitored records, their blocking-key re-screen on a new list
 * version, the catch-up of a record enrolled during a publication, and the record workflow's starter.
 */
export { activeRecord, recordView, removeRecord, upsertRecord, type MonitoredRecordView, type StoredRecord } from './records';
export { listRecords, readRecord, type RecordFilter, type RecordPage } from './reads';
export { rescreenForListVersion, type RescreenSummary } from './versionRescreen/stages';
export { listUpdateEvent } from './listUpdate';
export { catchUpRecord } from './catchUp';
export { RESCREEN_CHUNK, type RescreenDeps } from './screeningPipeline';
export { matchChangeKind, type MatchChange, type MatchChangeKind, type MatchChangeListener } from './matchChanges';
export { rescreenForListSwitches, type ListSwitchSummary } from './switches';
export { rescreenForMatchingRules, type MatchingRulesSummary } from './rules';
export { resumeReactivatedOrganizations } from './resume';
export { endMonitorWorkflow, startMonitorWorkflow, startPendingMonitorWorkflows, workflowStarted } from './start';
export { startListVersionFanOut, versionsAwaitingFanOut } from './fanOuts';
